import { present } from '@podz/kit';
import type { ConversationRecord } from '../data/conversation-repository';
import type { MessageRecord } from '../data/message-repository';
import type { MessagingDeps } from './messaging-deps';

/**
 * The pages members read, from the activity lists in Redis (data/activity-lists.ts): a user's
 * conversations and a conversation's messages. A list that is not complete is rebuilt from the
 * store first (once, bounded by the user's conversations or the conversation's messages); when
 * Redis cannot answer, the store sorts the page instead.
 */

/**
 * After a send: the lists move. On a failure the lists count as incomplete if Redis still answers,
 * so their next readers rebuild them from the store.
 */
export async function listSent(deps: MessagingDeps, participantIds: string[], message: MessageRecord) {
  const conversationId = message.conversationId;
  await deps.activity
    .sent(participantIds, conversationId, message.id, message.createdAt)
    .catch(async (err: unknown) => {
      deps.logger.warn({ err, conversationId }, 'activity lists not updated; their readers rebuild them');
      await deps.activity.incomplete(participantIds, conversationId).catch(() => undefined);
    });
}

/** The user's conversations, latest activity first. */
export async function conversationsPage(
  deps: MessagingDeps,
  userId: string,
  page: number,
  limit: number,
): Promise<{ items: ConversationRecord[]; total: number }> {
  const offset = (page - 1) * limit;
  try {
    let listed = await deps.activity.conversationPage(userId, offset, limit);
    if (!listed) {
      await deps.activity.rebuildConversations(userId, await deps.conversations.activityOf(userId));
      listed = present(await deps.activity.conversationPage(userId, offset, limit), 'the list just rebuilt');
    }
    const records = await deps.conversations.findByIds(listed.ids);
    return { items: records.filter((record) => checked(deps, userId, record)), total: listed.total };
  } catch (err) {
    deps.logger.warn({ err, userId }, 'conversation list unreadable; reading the store instead');
    return deps.conversations.pageFromStore(userId, page, limit);
  }
}

/** Whether the user still takes part in the conversation the list named; if not, it leaves the list. */
function checked(deps: MessagingDeps, userId: string, record: ConversationRecord): boolean {
  if (record.participantIds.includes(userId)) return true;
  deps.activity
    .drop(userId, record.id)
    .catch((err: unknown) => deps.logger.warn({ err, userId }, 'conversation list not repaired'));
  return false;
}

/** Up to `limit` messages older than `before`, newest first, and whether older ones remain. */
export async function messagesPage(
  deps: MessagingDeps,
  conversationId: string,
  before: string | undefined,
  limit: number,
): Promise<{ items: MessageRecord[]; hasMore: boolean }> {
  try {
    let ids = await deps.activity.messagePage(conversationId, before, limit + 1);
    if (!ids) {
      await deps.activity.rebuildMessages(conversationId, await deps.messages.idsIn(conversationId));
      ids = present(
        await deps.activity.messagePage(conversationId, before, limit + 1),
        'the list just rebuilt',
      );
    }
    const items = await deps.messages.findByIds(ids.slice(0, limit));
    return { items, hasMore: ids.length > limit };
  } catch (err) {
    deps.logger.warn({ err, conversationId }, 'message list unreadable; reading the store instead');
    return deps.messages.pageFromStore(conversationId, before, limit);
  }
}
