import { on, onBatch, type Subscription } from '@podz/kit';
import { SOCKET_EVENTS, userAccessChanged, userDeleted, userRegistered, userUpdated } from '@podz/proto';
import { forgetMember } from '../domain/forget-member';
import type { MessagingDeps } from '../domain/messaging-deps';

const refOf = (user: { userId: string; username: string; profilePicture: string }) => ({
  id: user.userId,
  username: user.username,
  profilePicture: user.profilePicture,
});

/**
 * Keeps participants' names and pictures, and everyone's access (admin messages go by access),
 * fresh from `identity.user.v1`. A deleted user's side of every conversation is anonymized: the
 * other participant keeps the messages, from "Deleted user".
 */
export function userSync(deps: MessagingDeps): Subscription[] {
  return [
    onBatch(userRegistered, (events) =>
      deps.users.upsertMany(events.map(({ data }) => ({ user: refOf(data), access: data.access }))),
    ),
    on(userUpdated, async (event) => {
      await deps.users.upsert(refOf(event.data));
      await deps.conversations.refreshUser(refOf(event.data));
    }),
    on(userAccessChanged, async (event) => {
      await deps.users.setAccess(event.data.userId, event.data.access);
      // After identity applied it: the member's open tabs read the session again and see it.
      deps.notifier.push(event.data.userId, SOCKET_EVENTS.sessionChanged, {});
    }),
    on(userDeleted, (event) => forgetMember(deps, event.data.userId)),
  ];
}
