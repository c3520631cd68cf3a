import { signSessionToken, type AuthUser } from '@podz/kit';
import type { Access, SessionUser } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { sessionView } from './user-views';

export interface IssuedSession {
  token: string;
  expires: Date;
  session: { user: SessionUser; expires: string };
}

/** A new session token for the user, with their current version recorded for the gateway. */
export async function issueSession(deps: IdentityDeps, user: UserRecord): Promise<IssuedSession> {
  const id = user._id.toHexString();
  const maxAge = deps.config.SESSION_MAX_AGE_SECONDS;
  await deps.sessions.recordVersion(id, user.sessionVersion);
  const token = signSessionToken(
    {
      id,
      username: user.username,
      role: user.role,
      access: user.access as Access[],
      sessionVersion: user.sessionVersion,
    },
    deps.config.JWT_PRIVATE_KEY,
    maxAge,
  );
  const expires = new Date(Date.now() + maxAge * 1000);
  return { token, expires, session: { user: sessionView(user), expires: expires.toISOString() } };
}

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

/** Ends this session only. */
export async function signOut(deps: IdentityDeps, caller: AuthUser | undefined): Promise<void> {
  if (caller) await deps.sessions.revokeToken(caller);
}

/** Ends every session of the caller, on every device. */
export async function signOutEverywhere(deps: IdentityDeps, caller: AuthUser): Promise<void> {
  const user = await deps.users.update(caller.id, {}, [], { bumpSession: true });
  if (user) await deps.sessions.recordVersion(caller.id, user.sessionVersion);
}
