import type { Access } from '@podz/proto';
import { accessChangedEvent } from './user-events';
import type { IdentityDeps } from './identity-deps';

/**
 * Adds an access value another service granted. Granting only adds rights, so sessions stay valid;
 * the holder's next session read (`GET /api/auth/session`) hands out a token that carries it. A value the
 * user already holds changes nothing, which also makes a replayed event harmless.
 */
export async function grantAccess(deps: IdentityDeps, userId: string, value: Access): Promise<boolean> {
  const user = await deps.users.findById(userId);
  if (!user || user.access.includes(value)) return false;
  const access = [...(user.access as Access[]), value];
  const updated = await deps.users.update(userId, { access }, [
    accessChangedEvent(user, user.role as Access, access),
  ]);
  if (updated) deps.logger.info({ userId, access: value }, 'access granted');
  return Boolean(updated);
}
