import type { Redis } from 'ioredis';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets; what `Retry-After` carries when refused. */
  retryAfterSeconds: number;
}

// One round trip, atomic: count the hit and start the window on the first one. Fixed windows are
// coarse at the edges but need one key per subject, which keeps Redis small under a flood.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

type HittingRedis = Redis & { rateHit(key: string, windowMs: string): Promise<[number, number]> };

/** Counters in Redis shared by every instance of a service, so limits hold behind a load balancer. */
export class RateLimiter {
  private readonly scripts: HittingRedis;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'podz:rate',
  ) {
    // By its digest (EVALSHA): the script's text is not sent with every hit.
    if (!('rateHit' in redis)) redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT });
    this.scripts = redis as HittingRedis;
  }

  /** Counts one hit against `subject` and says whether it is within the limit. */
  async hit(bucket: string, subject: string, rule: RateLimit): Promise<RateDecision> {
    const key = `${this.prefix}:${bucket}:${subject}`;
    const [count, ttl] = await this.scripts.rateHit(key, String(rule.windowMs));
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
    };
  }

  /** Whether `subject` has used up its limit, without counting a hit. */
  async exhausted(bucket: string, subject: string, rule: RateLimit): Promise<RateDecision> {
    const key = `${this.prefix}:${bucket}:${subject}`;
    const [count, ttl] = await this.redis
      .multi()
      .get(key)
      .pttl(key)
      .exec()
      .then((r) => (r ?? []).map(([, v]) => v));
    const used = Number(count ?? 0);
    return {
      allowed: used < rule.limit,
      remaining: Math.max(0, rule.limit - used),
      retryAfterSeconds: Math.max(1, Math.ceil(Number(ttl) / 1000)),
    };
  }

  reset(bucket: string, subject: string): Promise<unknown> {
    return this.redis.del(`${this.prefix}:${bucket}:${subject}`);
  }
}
