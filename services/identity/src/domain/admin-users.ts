import { notFound, pendingEvent, type PendingEvent } from '@podz/kit';
import { userPlanChanged, type AdminCreateUserBody, type AdminEditUserBody } from '@podz/proto';
import type { UserChanges } from '../data/user-repository';
import { PROFILE_FIELDS, accessChangedEvent, contactEvent, profileUpdatedEvent } from './user-events';
import { createAccount } from './create-account';
import { ensureAdminRemains, ensureAvailable, normalizeAccess, sameAccess } from './account-rules';
import { sendVerification } from './send-verification';
import type { IdentityDeps } from './identity-deps';
import { fullView } from './user-views';

/** `POST /api/users/admin-added-user`: an admin creates an account with any role and access. */
export async function adminCreateUser(deps: IdentityDeps, body: AdminCreateUserBody) {
  return fullView(await createAccount(deps, { ...body, emailVerified: true }));
}

/**
 * `PUT /api/users/admin-added-user`: an admin edits any field of an account. A new password or
 * access list revokes the user's sessions; a new address is verified by the link mailed to it.
 */
export async function adminEditUser(deps: IdentityDeps, body: AdminEditUserBody) {
  const { id, password, role, access, ...fields } = body;
  const user = await deps.users.findById(id);
  if (!user) throw notFound('User');
  const newUsername = fields.username && fields.username.toLowerCase() !== user.usernameKey;
  const newEmail = fields.email && fields.email !== user.email;
  await ensureAvailable(
    deps,
    newUsername ? fields.username : undefined,
    newEmail ? fields.email : undefined,
    id,
  );

  const changes: UserChanges = { ...fields };
  const events: PendingEvent[] = [];
  if (newEmail) {
    changes.emailVerifiedAt = null;
    events.push(contactEvent(id, { ...user, ...changes }));
  }
  const nextRole = role ?? (user.role as NonNullable<typeof role>);
  const nextAccess = normalizeAccess(nextRole, access ?? (user.access as typeof nextAccess));
  const accessChanged = nextRole !== user.role || !sameAccess(nextAccess, user.access);
  if (accessChanged) {
    await ensureAdminRemains(deps, user, nextAccess);
    Object.assign(changes, { role: nextRole, access: nextAccess });
    events.push(accessChangedEvent(user, nextRole, nextAccess));
  }
  if (password !== undefined) changes.passwordHash = await deps.passwords.hash(password);
  if (PROFILE_FIELDS.some((field) => fields[field] !== undefined)) {
    events.push(profileUpdatedEvent({ ...user, ...changes }));
  }
  if (fields.plan !== undefined && fields.plan !== user.plan) {
    await deps.plans.offered(fields.plan);
    events.push(
      pendingEvent(userPlanChanged, id, { userId: id, plan: fields.plan, previousPlan: user.plan ?? '' }),
    );
  }
  const revoke = accessChanged || password !== undefined;
  const updated = await deps.users.update(id, changes, events, { bumpSession: revoke });
  if (!updated) throw notFound('User');
  if (revoke) await deps.sessions.recordVersion(id, updated.sessionVersion);
  if (newEmail) sendVerification(deps, updated);
  return fullView(updated);
}
