import { badRequest } from '@podz/kit';
import { type PasswordResetBody } from '@podz/proto';
import { contactEvent } from './user-events';
import { passwordResetMail } from './auth-mail';
import type { IdentityDeps } from './identity-deps';
import { SIGN_IN_FAILURES } from './sign-in';
import { countMailTo, link, claimFor } from './email-links';

/** `POST /api/auth/password/forgot`. */
export async function sendPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  await countMailTo(deps, email);
  deps.mailer.sendLater('password reset', async () => {
    const user = await deps.users.findByEmail(email);
    if (!user) return undefined;
    const ttl = deps.config.RESET_LINK_TTL_SECONDS;
    const token = await deps.links.issue('password-reset', user, ttl);
    const url = link(deps, '/reset-password', { token, email: user.email });
    return passwordResetMail(user.email, user.username, url, ttl);
  });
}

/**
 * `POST /api/auth/password/reset`: the new password, and every session of the account ends
 * (whoever knew the old password is signed out too). The wrong-password count starts again.
 */
export async function resetPassword(deps: IdentityDeps, body: PasswordResetBody): Promise<void> {
  const user = await claimFor(deps, 'password-reset', body.token, body.email);
  if (!user) throw badRequest('This reset link is invalid, used or expired; ask for a new one');
  const id = user.id;
  const passwordHash = await deps.passwords.hash(body.password);
  const updated = await deps.users.update(
    id,
    { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
    user.emailVerifiedAt ? [] : [contactEvent(id, { ...user, emailVerifiedAt: new Date() })],
    { bumpSession: true },
  );
  if (!updated) throw badRequest('This reset link is invalid, used or expired; ask for a new one');
  await deps.sessions.recordVersion(id, updated.sessionVersion);
  await deps.limiter.reset(SIGN_IN_FAILURES, id);
  deps.logger.info({ userId: id }, 'password reset; every session revoked');
}
