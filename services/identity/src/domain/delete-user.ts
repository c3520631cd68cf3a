import { badRequest, forbidden, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { userDeleted } from '@podz/proto';
import { ensureAdminRemains } from './account-rules';
import type { IdentityDeps } from './identity-deps';

/**
 * `DELETE /api/users/{id}`: an admin, or the user themselves confirming with their password. Every
 * session of the user ends at once and other services hear `user.deleted`.
 */
export async function deleteUser(deps: IdentityDeps, caller: AuthUser, id: string, password?: string) {
  const self = caller.id === id;
  const admin = caller.access.includes('admin');
  if (!self && !admin) throw forbidden('You can only delete your own account');
  const user = await deps.users.findByIdWithPassword(id);
  if (!user) throw notFound('User');
  if (self && !admin) {
    if (password === undefined) throw badRequest('Confirm with your password to delete your account');
    if (!(await deps.passwords.verify(password, user.passwordHash))) {
      throw badRequest('Your password is not correct', [
        { path: 'body.password', message: 'does not match' },
      ]);
    }
  }
  await ensureAdminRemains(deps, user, []);
  const deleted = await deps.users.markDeleted(id, [
    pendingEvent(userDeleted, id, { userId: id, username: user.username }),
  ]);
  if (!deleted) throw notFound('User');
  await deps.sessions.forget(id);
  deps.logger.info({ userId: id, by: caller.id }, 'user deleted');
}
