import { badRequest, forbidden, notFound, type AuthUser } from '@podz/kit';
import type { UpdateUserBody } from '@podz/proto';
import type { UserChanges } from '../data/user-repository';
import { PROFILE_FIELDS, contactEvent, profileUpdatedEvent } from './user-events';
import { ensureAvailable } from './account-rules';
import { sendVerification } from './send-verification';
import type { IdentityDeps } from './identity-deps';
import { issueSession, type IssuedSession } from './issue-session';
import { fullView } from './user-views';

/**
 * `PATCH /api/users/{id}`: the user themselves or an admin changes profile fields. A new password
 * needs the current one and only the user can set it (admins use admin-added-user); it revokes
 * every other session and hands the caller a fresh one. A new email address needs the current
 * password too, and is unverified until the link mailed to it is opened.
 */
export async function updateProfile(deps: IdentityDeps, caller: AuthUser, id: string, body: UpdateUserBody) {
  const self = caller.id === id;
  if (!self && !caller.access.includes('admin')) throw forbidden('You can only change your own profile');
  if (body.password !== undefined && !self) {
    throw forbidden("Admins change other users' passwords through admin-added-user");
  }
  if (body.email !== undefined && !self) {
    throw forbidden("Admins change other users' email addresses through admin-added-user");
  }
  const user = await deps.users.findByIdWithPassword(id);
  if (!user) throw notFound('User');
  const newUsername = body.username && body.username.toLowerCase() !== user.usernameKey;
  const newEmail = body.email !== undefined && body.email !== user.email;
  if (newUsername || newEmail) {
    await ensureAvailable(
      deps,
      newUsername ? body.username : undefined,
      newEmail ? body.email : undefined,
      id,
    );
  }
  const changes: UserChanges = {};
  if (body.username !== undefined) changes.username = body.username;
  if (body.profilePicture !== undefined) changes.profilePicture = body.profilePicture;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (body.links !== undefined) changes.links = body.links;
  if (newEmail) Object.assign(changes, { email: body.email, emailVerifiedAt: null });
  if (body.password !== undefined || newEmail) {
    if (!(await deps.passwords.verify(body.currentPassword ?? '', user.passwordHash))) {
      throw badRequest('Your current password is not correct', [
        { path: 'body.currentPassword', message: 'does not match' },
      ]);
    }
  }
  if (body.password !== undefined) changes.passwordHash = await deps.passwords.hash(body.password);
  const profileChanged = PROFILE_FIELDS.some((field) => field in changes);
  const events = profileChanged ? [profileUpdatedEvent({ ...user, ...changes })] : [];
  if (newEmail) events.push(contactEvent(id, { ...user, ...changes }));
  const updated = await deps.users.update(id, changes, events, { bumpSession: body.password !== undefined });
  if (!updated) throw notFound('User');
  if (newEmail) sendVerification(deps, updated);
  let renewed: IssuedSession | undefined;
  if (body.password !== undefined) {
    await deps.sessions.recordVersion(id, updated.sessionVersion);
    renewed = await issueSession(deps, updated);
  }
  return { user: fullView(updated), renewed };
}
