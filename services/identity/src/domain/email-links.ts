import { AppError, badRequest, tooManyRequests, type AuthUser } from '@podz/kit';
import { AUTH_BASE_PATH, type PasswordResetBody } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import { contactEvent } from './accounts';
import { passwordResetMail, signInLinkMail, verificationMail } from './auth-mail';
import type { IdentityDeps } from './identity-deps';
import { SIGN_IN_FAILURES } from './sign-in';

/**
 * The one-time links identity mails: sign-in (NextAuth's email provider), password reset and
 * address verification. Asking for a link answers the same whether or not the address has an
 * account: the limit per address counts every ask, and the account is looked up only after the
 * answer, with the mail.
 */

const MAIL_TO_ADDRESS = 'auth-mail-address';
const HOUR_MS = 60 * 60 * 1000;

async function countMailTo(deps: IdentityDeps, email: string): Promise<void> {
  const decision = await deps.limiter.hit(MAIL_TO_ADDRESS, email.toLowerCase(), {
    limit: deps.config.AUTH_MAIL_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!decision.allowed) {
    throw tooManyRequests(
      decision.retryAfterSeconds,
      'Too many emails asked for this address; try again later',
    );
  }
}

const link = (deps: IdentityDeps, path: string, params: Record<string, string>) => {
  const url = new URL(path, deps.config.PUBLIC_ORIGIN);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
};

/** `POST signin/email`: a link that signs in once, for SIGNIN_LINK_TTL_SECONDS. */
export async function sendSignInLink(deps: IdentityDeps, email: string, callbackUrl: string): Promise<void> {
  await countMailTo(deps, email);
  deps.mailer.sendLater('sign-in link', async () => {
    const user = await deps.users.findByEmail(email);
    if (!user) return undefined;
    const ttl = deps.config.SIGNIN_LINK_TTL_SECONDS;
    const token = await deps.links.issue('sign-in', user, ttl);
    const url = link(deps, `${AUTH_BASE_PATH}/callback/email`, { callbackUrl, token, email: user.email });
    return signInLinkMail(user.email, user.username, url, ttl);
  });
}

/** `GET callback/email`: the link's user, now verified too (the link proved the address). */
export async function signInWithLink(deps: IdentityDeps, token: string, email: string): Promise<UserRecord> {
  const user = await claimFor(deps, 'sign-in', token, email);
  if (!user) throw new AppError('UNAUTHENTICATED', 'This sign-in link is invalid, used or expired');
  return user.emailVerifiedAt ? user : ((await markVerified(deps, user)) ?? user);
}

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
  const id = user._id.toHexString();
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

/** Mails a verification link to the user's address (sign-up, a changed address). */
export function sendVerification(deps: IdentityDeps, user: UserRecord): void {
  deps.mailer.sendLater('address verification', async () => {
    const ttl = deps.config.VERIFY_LINK_TTL_SECONDS;
    const token = await deps.links.issue('verification', user, ttl);
    const url = link(deps, `${AUTH_BASE_PATH}/verify-email`, { token, email: user.email });
    return verificationMail(user.email, user.username, url, ttl);
  });
}

/** `POST /api/auth/verify-email`: the signed-in user asks for the link again. */
export async function resendVerification(deps: IdentityDeps, caller: AuthUser): Promise<void> {
  const user = await deps.users.findById(caller.id);
  if (!user || user.emailVerifiedAt) return;
  await countMailTo(deps, user.email);
  sendVerification(deps, user);
}

/** `GET /api/auth/verify-email`: whether the link verified the address. */
export async function verifyEmail(deps: IdentityDeps, token: string, email: string): Promise<boolean> {
  const user = await claimFor(deps, 'verification', token, email);
  if (!user) return false;
  if (!user.emailVerifiedAt) await markVerified(deps, user);
  deps.logger.info({ userId: user._id.toHexString() }, 'email address verified');
  return true;
}

/** The link's user, if the link is good and the account still has the address it went to. */
async function claimFor(
  deps: IdentityDeps,
  purpose: Parameters<IdentityDeps['links']['claim']>[0],
  token: string,
  email: string,
): Promise<UserRecord | undefined> {
  const userId = await deps.links.claim(purpose, token, email);
  if (!userId) return undefined;
  const user = await deps.users.findById(userId.toHexString());
  return user && user.email === email.toLowerCase() ? user : undefined;
}

function markVerified(deps: IdentityDeps, user: UserRecord) {
  const id = user._id.toHexString();
  const emailVerifiedAt = new Date();
  return deps.users.update(id, { emailVerifiedAt }, [contactEvent(id, { ...user, emailVerifiedAt })]);
}
