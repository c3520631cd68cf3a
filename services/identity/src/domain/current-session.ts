import { type AuthUser } from '@podz/kit';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { sessionView } from './user-views';
import { IssuedSession, issueSession } from './issue-session';

/**
 * The caller's user, re-read from the store. Undefined when the account is gone or the token is
 * older than the user's session version (the gateway checked too; this is the service's own check).
 */
export async function sessionUser(deps: IdentityDeps, caller: AuthUser | undefined) {
  if (!caller) return undefined;
  const user = await deps.users.findById(caller.id);
  if (!user || caller.sessionVersion < user.sessionVersion) return undefined;
  return user;
}

/**
 * Whether the token still says what the account says. A grant (an approved request, a confirmed
 * host) only adds rights, so it does not revoke anything: the token goes stale instead, and the
 * next session read hands out a fresh one.
 */
function tokenIsCurrent(caller: AuthUser, user: UserRecord): boolean {
  const access = new Set<string>(user.access);
  return (
    caller.username === user.username &&
    caller.role === user.role &&
    caller.access.length === access.size &&
    caller.access.every((value) => access.has(value))
  );
}

/**
 * `GET /api/auth/session`: the session as the account stands now. `refreshed` is a new token when
 * the caller's one went stale; the route sets it as the cookie.
 */
export async function currentSession(
  deps: IdentityDeps,
  caller: AuthUser | undefined,
): Promise<{ session: IssuedSession['session']; refreshed?: IssuedSession } | undefined> {
  const user = await sessionUser(deps, caller);
  if (!user || !caller?.expiresAt) return undefined;
  if (!tokenIsCurrent(caller, user)) {
    const refreshed = await issueSession(deps, user);
    return { session: refreshed.session, refreshed };
  }
  return { session: { user: sessionView(user), expires: caller.expiresAt.toISOString() } };
}
