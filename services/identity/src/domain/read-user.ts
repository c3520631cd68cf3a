import { notFound, unauthenticated, type AuthUser } from '@podz/kit';
import type { IdentityDeps } from './identity-deps';
import { fullView, viewFor } from './user-views';

export async function getUser(deps: IdentityDeps, viewer: AuthUser | undefined, id: string) {
  const user = await deps.users.findById(id);
  if (!user) throw notFound('User');
  return viewFor(viewer, user);
}

/** `GET /api/users/name/{username}`: a person's page reads them by the name in its URL. */
export async function userByName(deps: IdentityDeps, viewer: AuthUser | undefined, username: string) {
  const user = await deps.users.findByUsername(username);
  if (!user) throw notFound('User');
  return viewFor(viewer, user);
}

export async function currentUser(deps: IdentityDeps, caller: AuthUser) {
  const user = await deps.users.findById(caller.id);
  if (!user) throw unauthenticated('Your account no longer exists');
  return fullView(user);
}
