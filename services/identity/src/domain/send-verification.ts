import { type AuthUser } from '@podz/kit';
import { AUTH_BASE_PATH } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import { verificationMail } from './auth-mail';
import type { IdentityDeps } from './identity-deps';
import { countMailTo, link } from './email-links';

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
