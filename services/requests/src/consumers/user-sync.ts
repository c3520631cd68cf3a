import { on, type Subscription } from '@podz/kit';
import { userDeleted, userRegistered, userUpdated } from '@podz/proto';
import type { RequestsDeps } from '../domain/requests-deps';

/**
 * Keeps requesters' and reviewers' names and pictures fresh from `identity.user.v1`; a deleted
 * user's requests go with them.
 */
export function userSync(deps: RequestsDeps): Subscription[] {
  const refresh = async (user: { userId: string; username: string; profilePicture: string }) => {
    const ref = { id: user.userId, username: user.username, profilePicture: user.profilePicture };
    await deps.users.upsert(ref);
    await deps.requests.refreshUser(ref);
  };
  return [
    on(userRegistered, (event) => refresh(event.data)),
    on(userUpdated, (event) => refresh(event.data)),
    on(userDeleted, async (event) => {
      await deps.requests.removeAllOf(event.data.userId);
      await deps.users.remove(event.data.userId);
    }),
  ];
}
