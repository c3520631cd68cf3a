import { tooManyRequests, unauthenticated } from '@podz/kit';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';

export const SIGN_IN_FAILURES = 'sign-in-failures';

/**
 * Checks a username-or-email and password. Wrong passwords are counted per account in Redis (the
 * gateway limits per IP; only identity reads the credentials), so a burst against one account is
 * refused with 429 whichever address or name form it comes from. Unknown names are counted too, so
 * the answers do not tell which accounts exist.
 */
export async function signIn(deps: IdentityDeps, login: string, password: string): Promise<UserRecord> {
  const user = await deps.users.findByLogin(login);
  const account = user ? user.id : `unknown:${login.trim().toLowerCase()}`;
  const rule = {
    limit: deps.config.SIGNIN_MAX_FAILURES,
    windowMs: deps.config.SIGNIN_FAILURE_WINDOW_SECONDS * 1000,
  };
  const state = await deps.limiter.exhausted(SIGN_IN_FAILURES, account, rule);
  if (!state.allowed) {
    throw tooManyRequests(
      state.retryAfterSeconds,
      'Too many failed sign-ins for this account; try again later',
    );
  }
  // Verified even when there is no such account, so the answer takes as long either way.
  const verified = await deps.passwords.verify(password, user?.passwordHash);
  if (!user || !verified) {
    await deps.limiter.hit(SIGN_IN_FAILURES, account, rule);
    deps.logger.info({ account: user ? account : 'unknown' }, 'sign-in refused');
    throw unauthenticated('Wrong username or password');
  }
  await deps.limiter.reset(SIGN_IN_FAILURES, account);
  return user;
}
