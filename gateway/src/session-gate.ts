import {
  sessionFromHeaders,
  SessionRevocations,
  verifySessionToken,
  type AuthUser,
  type Logger,
} from '@podz/kit';
import { sendApiError } from '@podz/kit';
import type { Step } from './exchange';
import { expectedOutcome } from './route-policies';

/**
 * Verifies the session (RS256 signature, expiry, claims, then revocation in Redis) and applies the
 * route's policy: 401 without a valid session where one is needed, 403 without a listed access
 * value. On public routes an invalid session just means anonymous. Only a valid, live session is
 * forwarded, as `Authorization: Bearer`, and the service verifies it again.
 */
export function sessionGate(publicKey: string, revocations: SessionRevocations, logger: Logger): Step {
  return async ({ req, res, route }) => {
    const token = sessionFromHeaders(req.headers);
    let user: AuthUser | undefined = token ? verifySessionToken(token, publicKey) : undefined;
    let unchecked = false;
    if (user) {
      try {
        if (!(await revocations.isActive(user))) user = undefined;
      } catch (err) {
        // Redis down: no session can be checked, so none is trusted.
        logger.warn({ err: String(err) }, 'session revocation check failed');
        user = undefined;
        unchecked = true;
      }
    }
    const outcome = expectedOutcome(route.policy, user?.access);
    // Closed, but not signed out: a client told 401 would drop a session that may be fine.
    if (unchecked && outcome !== 'allowed') {
      res.setHeader('retry-after', '5');
      sendApiError(res, 'NOT_READY', 'Sessions cannot be checked right now; try again shortly');
      return false;
    }
    if (outcome === 401) {
      sendApiError(
        res,
        'UNAUTHENTICATED',
        token ? 'Your session has ended; sign in again' : 'You need to sign in',
      );
      return false;
    }
    if (outcome === 403) {
      sendApiError(res, 'FORBIDDEN', 'You are not allowed to do this');
      return false;
    }
    if (user && token) req.headers.authorization = `Bearer ${token}`;
    else delete req.headers.authorization;
    return true;
  };
}
