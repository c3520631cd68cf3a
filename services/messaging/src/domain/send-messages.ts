import { badRequest, notFound, pendingEvent, tooManyRequests, type AuthUser } from '@podz/kit';
import { messageSent, type UserRef } from '@podz/proto';
import { stateOf, type ConversationRecord } from '../data/conversation-repository';
import type { InboxRecord } from '../data/inbox-repository';
import type { MessagingDeps } from './messaging-deps';
import { pushMessage } from './notify';
import { conversationView, messageView } from './views';

const MINUTE = 60_000;

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
 * Stores the message, then records it on the conversation with its event; if the sender no longer
 * takes part by then, the message is taken back, so no message exists outside its conversation.
 * Sockets are told afterwards: a push that fails loses a live update, never the message.
 */
export async function deliver(
  deps: MessagingDeps,
  conversation: ConversationRecord,
  sender: UserRef,
  text: string,
) {
  const recipientIds = conversation.participantIds.filter((id) => id !== sender.id);
  const message = await deps.messages.add(conversation._id, sender.id, text);
  const conversationId = conversation._id.toHexString();
  const event = pendingEvent(messageSent, conversationId, {
    conversationId,
    messageId: message._id.toHexString(),
    senderId: sender.id,
    recipientIds,
    sentAt: message.createdAt.toISOString(),
  });
  const updated = await deps.conversations.recordMessage(conversation._id, message, recipientIds, [event]);
  if (!updated) {
    await deps.messages.remove(message._id);
    throw notFound('Conversation');
  }
  const senderHadUnread = stateOf(conversation, sender.id).unread > 0;
  const [inboxes, senderInbox] = await Promise.all([
    deps.inboxes.received(recipientIds, conversationId) as Promise<Map<string, InboxRecord | null>>,
    senderHadUnread ? deps.inboxes.read(sender.id, conversationId) : undefined,
  ]);
  // Whose badge changed: the recipients', and the sender's if sending marked something read.
  if (senderInbox !== undefined) inboxes.set(sender.id, senderInbox);
  await pushMessage(deps, updated, message, inboxes).catch((err: unknown) =>
    deps.logger.warn({ err, conversationId }, 'live update failed'),
  );
  return {
    conversation: conversationView(updated, sender.id),
    message: messageView(message, updated.participants),
  };
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
  return deliver(deps, conversation, sender, body.text);
}

/** `POST /api/conversations/{id}`: a participant's message; anyone else gets 404. */
export async function sendMessage(deps: MessagingDeps, caller: AuthUser, id: string, text: string) {
  const conversation = await deps.conversations.findFor(id, caller.id);
  if (!conversation) throw notFound('Conversation');
  await spendSendAllowance(deps, caller);
  // The conversation names its participants already, kept fresh by identity's events.
  const sender = conversation.participants.find((participant) => participant.id === caller.id)!;
  return deliver(deps, conversation, sender, text);
}
