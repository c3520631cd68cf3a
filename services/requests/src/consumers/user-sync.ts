import { on, onBatch, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { RequestsDeps } from '../domain/requests-deps';

/**
 * Keeps requesters' and reviewers' names and pictures fresh from `identity.user.v1`; a deleted
 * user's requests go with them.
 */
export function userSync(deps: RequestsDeps): Subscription[] {
  // A member may file a request before their registration arrives here: it names them too.
  const refresh = async (users: { userId: string; username: string; profilePicture: string }[]) => {
    const refs = users.map((user) => ({
      id: user.userId,
      username: user.username,
      profilePicture: user.profilePicture,
    }));
    await deps.users.upsertMany(refs.map((user) => ({ user })));
    await deps.requests.refreshUsers(refs);
  };
  return [
    onBatch(userRegistered, (events) => refresh(events.map((event) => event.data))),
    onBatch(userUpdated, (events) => refresh(events.map((event) => event.data))),
    on(userDeleted, async (event) => {
      await deps.requests.removeAllOf(event.data.userId);
      await deps.users.remove(event.data.userId);
    }),
  ];
}
