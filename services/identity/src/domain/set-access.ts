import { notFound } from '@podz/kit';
import type { Access } from '@podz/proto';
import { accessChangedEvent } from './user-events';
import { ensureAdminRemains, normalizeAccess, sameAccess } from './account-rules';
import type { IdentityDeps } from './identity-deps';
import { fullView } from './user-views';

/**
 * `PUT /api/users/{id}` (admin): a new role and access list. Sessions issued before carry the old
 * access, so they are revoked at once; the user signs in again.
 */
export async function setAccess(deps: IdentityDeps, id: string, role: Access, access: Access[]) {
  const user = await deps.users.findById(id);
  if (!user) throw notFound('User');
  const next = normalizeAccess(role, access);
  if (user.role === role && sameAccess(user.access, next)) return fullView(user);
  await ensureAdminRemains(deps, user, next);
  const updated = await deps.users.update(
    id,
    { role, access: next },
    [accessChangedEvent(user, role, next)],
    {
      bumpSession: true,
    },
  );
  if (!updated) throw notFound('User');
  await deps.sessions.recordVersion(id, updated.sessionVersion);
  return fullView(updated);
}
