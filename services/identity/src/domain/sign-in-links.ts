import { AppError } from '@podz/kit';
import { AUTH_BASE_PATH } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import { signInLinkMail } from './auth-mail';
import type { IdentityDeps } from './identity-deps';
import { countMailTo, link, claimFor, markVerified } from './email-links';

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
