import { badRequest, notFound, pendingEvent, tooManyRequests, type AuthUser } from '@podz/kit';
import { messageSent } from '@podz/proto';
import { conversationIdOf, stateOf, type ConversationRecord } from '../data/conversation-repository';
import type { InboxRecord } from '../data/inbox-repository';
import { listSent } from './activity-pages';
import type { MessagingDeps } from './messaging-deps';
import { pushMessage } from './notify';
import { conversationView, messageView } from './views';

const MINUTE = 60_000;

/** The store's id of a conversation or message, as the repositories hand it out. */
type StoredId = ConversationRecord['_id'];

/** Sending is limited per user over every instance, so one account cannot flood others. */
export async function spendSendAllowance(deps: MessagingDeps, user: AuthUser): Promise<void> {
  const decision = await deps.limiter.hit('messages', user.id, {
    limit: deps.config.MESSAGE_RATE_PER_MINUTE,
    windowMs: MINUTE,
  });
  if (!decision.allowed) {
    throw tooManyRequests(decision.retryAfterSeconds, 'You are sending messages too fast; try again shortly');
  }
}

/**
 * Stores the message, then records it on the conversation with its event; if the conversation no
 * longer has these participants by then, the message is taken back (null), so no message exists
 * outside its conversation. Sockets are told afterwards: a push that fails loses a live update,
 * never the message. With `onceAs`, the message's id derived from its cause, a second delivery
 * (after a crash between the two writes, or after them) completes or skips the first one: 'done'.
 */
async function deliver(
  deps: MessagingDeps,
  conversationId: StoredId,
  participantIds: string[],
  senderId: string,
  text: string,
  onceAs?: StoredId,
) {
  const recipientIds = participantIds.filter((id) => id !== senderId);
  const message = onceAs
    ? await deps.messages.addOnce(conversationId, senderId, text, onceAs)
    : await deps.messages.add(conversationId, senderId, text);
  const id = conversationId.toHexString();
  const event = pendingEvent(messageSent, id, {
    conversationId: id,
    messageId: message._id.toHexString(),
    senderId,
    recipientIds,
    sentAt: message.createdAt.toISOString(),
  });
  const recorded = await deps.conversations.recordMessage(conversationId, participantIds, message, [event], {
    once: onceAs !== undefined,
  });
  if (recorded === 'already recorded') return 'done';
  if (!recorded) {
    await deps.messages.remove(message._id);
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
  const sent = await deliver(deps, conversation._id, conversation.participantIds, senderId, text);
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
  messageId: StoredId,
): Promise<void> {
  const sent = await deliver(deps, conversation._id, conversation.participantIds, senderId, text, messageId);
  if (!sent) throw notFound('Conversation');
}

/** `POST /api/conversations`: to a user, in the conversation the two have (made on first use). */
export async function startConversation(
  deps: MessagingDeps,
  caller: AuthUser,
  body: { recipientId: string; text: string },
) {
  if (body.recipientId === caller.id) throw badRequest('You cannot message yourself');
  const recipient = await deps.users.find(body.recipientId);
  if (!recipient) throw notFound('User');
  await spendSendAllowance(deps, caller);
  const sender = await deps.users.caller(caller);
  const conversation = await deps.conversations.between(sender, recipient);
  return deliverIn(deps, conversation, caller.id, body.text);
}

/**
 * `POST /api/conversations/{id}`: a participant's message; anyone else gets 404. The participants
 * are usually remembered; if they changed (a user was deleted), the send is tried once more with
 * the conversation read afresh.
 */
export async function sendMessage(deps: MessagingDeps, caller: AuthUser, id: string, text: string) {
  let allowanceSpent = false;
  for (const fresh of [false, true]) {
    const participantIds = await deps.conversations.participantIdsFor(id, caller.id, { fresh });
    if (!participantIds) break;
    if (!allowanceSpent) await spendSendAllowance(deps, caller);
    allowanceSpent = true;
    const sent = await deliver(deps, conversationIdOf(id), participantIds, caller.id, text);
    if (sent && sent !== 'done') return sent;
  }
  throw notFound('Conversation');
}
