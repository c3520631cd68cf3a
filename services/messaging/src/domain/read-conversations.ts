import { notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { conversationRead, paginated } from '@podz/proto';
import { stateOf } from '../data/conversation-repository';
import { conversationsPage, messagesPage } from './activity-pages';
import type { MessagingDeps } from './messaging-deps';
import { newMessageCountOf } from './new-message-count';
import { pushRead } from './notify';
import { conversationView, messageView } from './views';

/** `GET /api/conversations`: the caller's, newest activity first, each with the caller's unread count. */
export async function listConversations(
  deps: MessagingDeps,
  user: AuthUser,
  query: { page: number; limit: number },
) {
  const { items, total } = await conversationsPage(deps, user.id, query.page, query.limit);
  return paginated(
    items.map((record) => conversationView(record, user.id)),
    total,
    query.page,
    query.limit,
  );
}

export async function newMessageCount(deps: MessagingDeps, user: AuthUser) {
  return { count: await newMessageCountOf(deps, user.id) };
}

async function participantOnly(deps: MessagingDeps, user: AuthUser, id: string) {
  const conversation = await deps.conversations.findFor(id, user.id);
  // Not "forbidden": to anyone outside it, the conversation does not exist.
  if (!conversation) throw notFound('Conversation');
  return conversation;
}

export async function getConversation(deps: MessagingDeps, user: AuthUser, id: string) {
  return conversationView(await participantOnly(deps, user, id), user.id);
}

/** `GET /api/conversations/{id}/messages?before&limit`: newest first, older pages by `before`. */
export async function conversationMessages(
  deps: MessagingDeps,
  user: AuthUser,
  id: string,
  query: { before?: string; limit: number },
) {
  const conversation = await participantOnly(deps, user, id);
  const { items, hasMore } = await messagesPage(deps, id, query.before, query.limit);
  return { items: items.map((message) => messageView(message, conversation.participants)), hasMore };
}

/** `PUT /api/conversations/{id}`: the caller has read it; their unread count goes to zero. */
export async function markRead(deps: MessagingDeps, user: AuthUser, id: string) {
  const conversation = await participantOnly(deps, user, id);
  const readAt = new Date();
  const hadUnread = stateOf(conversation, user.id).unread > 0;
  const events = hadUnread
    ? [
        pendingEvent(conversationRead, id, {
          conversationId: id,
          userId: user.id,
          readAt: readAt.toISOString(),
        }),
      ]
    : [];
  const updated = await deps.conversations.markRead(id, user.id, readAt, events);
  if (!updated) throw notFound('Conversation');
  const inbox = await deps.inboxes.read(user.id, id);
  await pushRead(deps, updated, user.id, inbox).catch((err: unknown) =>
    deps.logger.warn({ err, conversationId: id }, 'live update failed'),
  );
  return conversationView(updated, user.id);
}
