import { tooManyRequests } from '@podz/kit';
import type { UserRecord } from '../data/user-repository';
import { contactEvent } from './user-events';
import type { IdentityDeps } from './identity-deps';

/**
 * What every one-time link identity mails shares (sign-in links, password reset, address
 * verification; one use case per file beside this one): the limit per address and the URL. Asking for a link answers the same whether or not the address has an
 * account: the limit per address counts every ask, and the account is looked up only after the
 * answer, with the mail.
 */

const MAIL_TO_ADDRESS = 'auth-mail-address';
const HOUR_MS = 60 * 60 * 1000;

export async function countMailTo(deps: IdentityDeps, email: string): Promise<void> {
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

export const link = (deps: IdentityDeps, path: string, params: Record<string, string>) => {
  const url = new URL(path, deps.config.PUBLIC_ORIGIN);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
};

/** The link's user, if the link is good and the account still has the address it went to. */
export async function claimFor(
  deps: IdentityDeps,
  purpose: Parameters<IdentityDeps['links']['claim']>[0],
  token: string,
  email: string,
): Promise<UserRecord | undefined> {
  const userId = await deps.links.claim(purpose, token, email);
  if (!userId) return undefined;
  const user = await deps.users.findById(userId);
  return user && user.email === email.toLowerCase() ? user : undefined;
}

export function markVerified(deps: IdentityDeps, user: UserRecord) {
  const id = user.id;
  const emailVerifiedAt = new Date();
  return deps.users.update(id, { emailVerifiedAt }, [contactEvent(id, { ...user, emailVerifiedAt })]);
}
