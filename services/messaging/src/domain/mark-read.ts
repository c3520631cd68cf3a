import { notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { conversationRead } from '@podz/proto';
import { stateOf } from '../data/conversation-repository';
import type { MessagingDeps } from './messaging-deps';
import { pushRead } from './notify';
import { conversationView } from './views';
import { participantOnly } from './conversation-access';

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
