import { notFound, pendingEvent } from '@podz/kit';
import { messageSent } from '@podz/proto';
import { stateOf, type ConversationRecord } from '../data/conversation-repository';
import type { InboxRecord } from '../data/inbox-repository';
import { listSent } from './activity-pages';
import type { MessagingDeps } from './messaging-deps';
import { pushMessage } from './notify';
import { conversationView, messageView } from './views';

/**
 * Stores the message, then records it on the conversation with its event; if the conversation no
 * longer has these participants by then, the message is taken back (null), so no message exists
 * outside its conversation. Sockets are told afterwards: a push that fails loses a live update,
 * never the message. With `onceAs`, the message's id derived from its cause, a second delivery
 * (after a crash between the two writes, or after them) completes or skips the first one: 'done'.
 */
export async function deliver(
  deps: MessagingDeps,
  conversationId: string,
  participantIds: string[],
  senderId: string,
  text: string,
  onceAs?: string,
) {
  const recipientIds = participantIds.filter((id) => id !== senderId);
  const message = onceAs
    ? await deps.messages.addOnce(conversationId, senderId, text, onceAs)
    : await deps.messages.add(conversationId, senderId, text);
  const id = conversationId;
  const event = pendingEvent(messageSent, id, {
    conversationId: id,
    messageId: message.id,
    senderId,
    recipientIds,
    sentAt: message.createdAt.toISOString(),
  });
  const recorded = await deps.conversations.recordMessage(conversationId, participantIds, message, [event], {
    once: onceAs !== undefined,
  });
  if (recorded === 'already recorded') return 'done';
  if (!recorded) {
    await deps.messages.remove(message.id);
    return null;
  }
  const { before, after } = recorded;
  const [inboxes, senderInbox] = await Promise.all([
    deps.inboxes.received(recipientIds, id) as Promise<Map<string, InboxRecord | null>>,
    stateOf(before, senderId).unread > 0 ? deps.inboxes.read(senderId, id) : undefined,
    listSent(deps, participantIds, message),
  ]);
  // Whose badge changed: the recipients', and the sender's if sending marked something read.
  if (senderInbox !== undefined) inboxes.set(senderId, senderInbox);
  await pushMessage(deps, after, message, inboxes).catch((err: unknown) =>
    deps.logger.warn({ err, conversationId: id }, 'live update failed'),
  );
  return {
    conversation: conversationView(after, senderId),
    message: messageView(message, after.participants),
  };
}

/** A message in a conversation just read from the store (`between`); 404 if it changed since. */
export async function deliverIn(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  senderId: string,
  text: string,
) {
  const sent = await deliver(deps, conversation.id, conversation.participantIds, senderId, text);
  if (!sent || sent === 'done') throw notFound('Conversation');
  return sent;
}

/**
 * A message the platform sends on an event's behalf (a broadcast part, a review notice), under an
 * id derived from that cause: however often the event is handled, it is sent, counted and
 * published once. 404 if the conversation changed since it was read.
 */
export async function deliverOnce(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  senderId: string,
  text: string,
  messageId: string,
): Promise<void> {
  const sent = await deliver(deps, conversation.id, conversation.participantIds, senderId, text, messageId);
  if (!sent) throw notFound('Conversation');
}
