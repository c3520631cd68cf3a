import { signSessionToken } from '@podz/kit';
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
  const id = user.id;
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
