import { SOCKET_EVENTS } from '@podz/proto';
import type { ConversationRecord } from '../data/conversation-repository';
import type { InboxRecord } from '../data/inbox-repository';
import type { MessageRecord } from '../data/message-repository';
import type { MessagingDeps } from './messaging-deps';
import { countIn } from './new-message-count';
import { conversationView, messageView } from './views';

/**
 * After a message: every participant gets it with their view of the conversation (one push, not a
 * conversation:updated beside it: each push is a publish through the Redis adapter, and the five
 * pushes a message made were about a tenth of the service's CPU under load); the counts of those
 * whose count changed follow (the recipients', and the sender's if they had unread messages in
 * this conversation, which sending marks read), from the inboxes the send just wrote.
 */
export async function pushMessage(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  message: MessageRecord,
  inboxes: Map<string, InboxRecord | null>,
): Promise<void> {
  const sent = messageView(message, conversation.participants);
  for (const userId of conversation.participantIds) {
    const view = conversationView(conversation, userId);
    deps.notifier.push(userId, SOCKET_EVENTS.messageNew, { conversation: view, message: sent });
  }
  await Promise.all(
    [...inboxes].map(async ([userId, inbox]) => {
      const count = await countIn(deps, userId, inbox);
      deps.notifier.push(userId, SOCKET_EVENTS.messageCount, { count });
    }),
  );
}

/** After a read: the reader's other tabs update the conversation and the badge (from the inbox just written). */
export async function pushRead(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  readerId: string,
  inbox: InboxRecord | null,
) {
  deps.notifier.push(readerId, SOCKET_EVENTS.conversationUpdated, conversationView(conversation, readerId));
  deps.notifier.push(readerId, SOCKET_EVENTS.messageCount, { count: await countIn(deps, readerId, inbox) });
}
