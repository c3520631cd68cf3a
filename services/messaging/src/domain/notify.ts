import { SOCKET_EVENTS } from '@podz/proto';
import type { ConversationRecord } from '../data/conversation-repository';
import type { MessageRecord } from '../data/message-repository';
import type { MessagingDeps } from './messaging-deps';
import { newMessageCountOf } from './new-message-count';
import { conversationView, messageView } from './views';

/** The new-message count of each user, pushed to all their sockets (the Messages badge). */
export async function pushCounts(deps: MessagingDeps, userIds: string[]): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const count = await newMessageCountOf(deps, userId);
      deps.notifier.push(userId, SOCKET_EVENTS.messageCount, { count });
    }),
  );
}

/**
 * After a message: every participant gets it and their view of the conversation; the counts of
 * those whose count changed follow (the recipients', and the sender's if they had unread messages
 * in this conversation, which sending marks read).
 */
export async function pushMessage(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  message: MessageRecord,
  senderHadUnread: boolean,
): Promise<void> {
  const sent = messageView(message, conversation.participants);
  for (const userId of conversation.participantIds) {
    const view = conversationView(conversation, userId);
    deps.notifier.push(userId, SOCKET_EVENTS.messageNew, { conversation: view, message: sent });
    deps.notifier.push(userId, SOCKET_EVENTS.conversationUpdated, view);
  }
  const changed = conversation.participantIds.filter((id) => id !== message.senderId || senderHadUnread);
  await pushCounts(deps, changed);
}

/** After a read: the reader's other tabs update the conversation and the badge. */
export async function pushRead(deps: MessagingDeps, conversation: ConversationRecord, readerId: string) {
  deps.notifier.push(readerId, SOCKET_EVENTS.conversationUpdated, conversationView(conversation, readerId));
  await pushCounts(deps, [readerId]);
}
