import type { IdentityDeps } from './identity-deps';
import { claimFor, markVerified } from './email-links';

/** `GET /api/auth/verify-email`: whether the link verified the address. */
export async function verifyEmail(deps: IdentityDeps, token: string, email: string): Promise<boolean> {
  const user = await claimFor(deps, 'verification', token, email);
  if (!user) return false;
  if (!user.emailVerifiedAt) await markVerified(deps, user);
  deps.logger.info({ userId: user.id }, 'email address verified');
  return true;
}
