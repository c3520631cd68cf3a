import type { FullUser, RegisterBody } from '@podz/proto';
import { createAccount } from './create-account';
import { sendVerification } from './send-verification';
import type { IdentityDeps } from './identity-deps';
import { fullView } from './user-views';

/**
 * Sign-up: everyone starts as a plain user; owner, host and guest access come by request. The
 * address is unverified until the link mailed to it is opened.
 */
export async function registerUser(deps: IdentityDeps, body: RegisterBody): Promise<FullUser> {
  const user = await createAccount(deps, { ...body, role: 'user', access: ['user'] });
  deps.logger.info({ userId: user.id }, 'user registered');
  sendVerification(deps, user);
  return fullView(user);
}
