import type { Redis } from 'ioredis';
import type { Logger, RateDecision, RateLimit } from '@podz/kit';

// Adds a batch of hits to the shared counter, starting the window on the first; answers the count
// and the window's remaining time. KEYS[1] the counter; ARGV: hits, window ms.
const ADD_HITS = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return { count, ttl }
`;

type AddingRedis = Redis & {
  addHits(key: string, hits: number, windowMs: number): Promise<[number, number]>;
};

interface Counter {
  /** The shared count when this instance last added its hits. */
  shared: number;
  /** Hits counted here and not yet added to Redis. */
  pending: number;
  /** Hits on their way to Redis: still counted until Redis answers the count that includes them. */
  sending: number;
  windowEndsAt: number;
  windowMs: number;
}

export interface BatchedRateLimiterOptions {
  prefix?: string;
  /** How often hits counted here are added to the shared counters. */
  flushMs?: number;
  /** Subjects remembered at once; past this the oldest is forgotten (Redis still has its count). */
  maxSubjects?: number;
}

/**
 * A rate limit for the busiest, loosest ceiling (every API request, per client address) that costs
 * no Redis round trip per request. Each instance counts hits in memory and decides at once on the
 * shared count it last saw plus its own new hits; every `flushMs` it adds those hits to the shared
 * counters (one pipeline) and learns what the other instances added. One instance enforces the
 * limit exactly; several may together let through what the others counted in the last `flushMs`.
 * Tight limits (sign-in, registration) keep the exact `RateLimiter`. If Redis is unreachable the
 * batch is dropped and limits hold per instance.
 */
export class BatchedRateLimiter {
  private readonly redis: AddingRedis;
  private readonly counters = new Map<string, Counter>();
  private readonly prefix: string;
  private readonly flushMs: number;
  private readonly maxSubjects: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    redis: Redis,
    private readonly logger: Logger,
    options: BatchedRateLimiterOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    if (!('addHits' in redis)) redis.defineCommand('addHits', { numberOfKeys: 1, lua: ADD_HITS });
    this.redis = redis as AddingRedis;
    this.prefix = options.prefix ?? 'podz:rate';
    this.flushMs = options.flushMs ?? 100;
    this.maxSubjects = options.maxSubjects ?? 100_000;
  }

  /** Counts one hit against `subject` and says, without waiting, whether it is within the limit. */
  hit(bucket: string, subject: string, rule: RateLimit): RateDecision {
    const key = `${this.prefix}:${bucket}:${subject}`;
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter) {
      if (this.counters.size >= this.maxSubjects) this.forgetOldest();
      counter = {
        shared: 0,
        pending: 0,
        sending: 0,
        windowEndsAt: now + rule.windowMs,
        windowMs: rule.windowMs,
      };
      this.counters.set(key, counter);
    } else if (counter.windowEndsAt <= now) {
      // The window ran out; the next batch learns the new one's real end from Redis.
      counter.shared = 0;
      counter.windowEndsAt = now + rule.windowMs;
    }
    counter.pending += 1;
    this.schedule();
    const used = counter.shared + counter.sending + counter.pending;
    return {
      allowed: used <= rule.limit,
      remaining: Math.max(0, rule.limit - used),
      retryAfterSeconds: Math.max(1, Math.ceil((counter.windowEndsAt - now) / 1000)),
    };
  }

  /** Adds every pending hit now (and waits for a batch already on its way). */
  async flush(): Promise<void> {
    await this.flushing;
    this.flushing = this.addPending();
    await this.flushing;
  }

  /** Adds what is pending and stops the timer. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  private async addPending(): Promise<void> {
    const now = this.now();
    const batch: [string, Counter, number][] = [];
    for (const [key, counter] of this.counters) {
      if (counter.pending > 0) {
        batch.push([key, counter, counter.pending]);
        counter.sending += counter.pending;
        counter.pending = 0;
      } else if (counter.windowEndsAt <= now && counter.sending === 0) {
        this.counters.delete(key);
      }
    }
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [key, counter, hits] of batch) {
      (pipeline as unknown as AddingRedis).addHits(key, hits, counter.windowMs);
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      const answered = this.now();
      batch.forEach(([, counter, hits], index) => {
        counter.sending -= hits;
        const [err, value] = results[index] ?? [new Error('no answer')];
        if (err) {
          counter.shared += hits;
          return;
        }
        const [count, ttl] = value as [number, number];
        counter.shared = count;
        counter.windowEndsAt = answered + ttl;
      });
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'rate counts not shared; limits hold per instance');
      for (const [, counter, hits] of batch) {
        counter.sending -= hits;
        counter.shared += hits;
      }
    }
  }

  private forgetOldest(): void {
    const oldest = this.counters.keys().next();
    if (!oldest.done) this.counters.delete(oldest.value);
  }
}
