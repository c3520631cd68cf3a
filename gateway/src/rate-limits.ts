import { RateLimiter, type Logger, type RateLimit } from '@podz/kit';
import { BatchedRateLimiter } from './batched-rate-limiter';
import { AUTH_ERRORS } from '@podz/proto';
import { sendApiError } from '@podz/kit';
import type { GatewayConfig } from './config';
import type { Step } from './exchange';
import type { RateBucket } from './route-policies';

const MINUTE = 60_000;

export function rateRules(config: GatewayConfig): Record<RateBucket | 'global', RateLimit> {
  return {
    global: { limit: config.RATE_LIMIT_GLOBAL_PER_MINUTE, windowMs: MINUTE },
    'sign-in': { limit: config.RATE_LIMIT_SIGNIN_PER_MINUTE, windowMs: MINUTE },
    register: { limit: config.RATE_LIMIT_REGISTER_PER_HOUR, windowMs: 60 * MINUTE },
    'client-log': { limit: config.RATE_LIMIT_CLIENT_LOG_PER_MINUTE, windowMs: MINUTE },
    forms: { limit: config.RATE_LIMIT_FORMS_PER_HOUR, windowMs: 60 * MINUTE },
    'auth-mail': { limit: config.RATE_LIMIT_AUTH_MAIL_PER_HOUR, windowMs: 60 * MINUTE },
    search: { limit: config.RATE_LIMIT_SEARCH_PER_MINUTE, windowMs: MINUTE },
  };
}

/**
 * Per client IP: a ceiling over the whole API (counted in memory and shared in batches, so the
 * busiest check costs no round trip), and tighter limits on sign-in, registration,
 * client logs, the public contact and advertise forms, and the calls that send mail (sign-in links,
 * password resets, verification). The per-account limits (wrong passwords, mail to one address)
 * are identity's, which alone reads the credentials and addresses. If Redis is unreachable, limits fail open (logged): sessions fail closed anyway.
 */
export function rateLimits(
  limiters: { exact: RateLimiter; batched: BatchedRateLimiter },
  config: GatewayConfig,
  logger: Logger,
): Step {
  const rules = rateRules(config);
  const signInError = `${new URL('/api/auth/signin', config.PUBLIC_ORIGIN).href}?error=${AUTH_ERRORS.tooMany}`;
  return async ({ res, route, ip }) => {
    const buckets = ['global', ...(route.rateLimit ? [route.rateLimit] : [])] as const;
    try {
      for (const bucket of buckets) {
        const decision =
          bucket === 'global'
            ? limiters.batched.hit(bucket, ip, rules.global)
            : await limiters.exact.hit(bucket, ip, rules[bucket]);
        if (decision.allowed) continue;
        res.setHeader('retry-after', String(decision.retryAfterSeconds));
        // NextAuth's client reads `new URL(data.url)` from a sign-in answer, whatever the status.
        const extra = bucket === 'sign-in' || bucket === 'auth-mail' ? { url: signInError } : {};
        sendApiError(res, 'RATE_LIMITED', 'Too many requests; try again later', extra);
        return false;
      }
    } catch (err) {
      logger.warn({ err: String(err) }, 'rate limiting unavailable; letting the request through');
    }
    return true;
  };
}
