import { type AuthUser } from '@podz/kit';
import type { IdentityDeps } from './identity-deps';

/** Ends this session only. */
export async function signOut(deps: IdentityDeps, caller: AuthUser | undefined): Promise<void> {
  if (caller) await deps.sessions.revokeToken(caller);
}

/** Ends every session of the caller, on every device. */
export async function signOutEverywhere(deps: IdentityDeps, caller: AuthUser): Promise<void> {
  const user = await deps.users.update(caller.id, {}, [], { bumpSession: true });
  if (user) await deps.sessions.recordVersion(caller.id, user.sessionVersion);
}
