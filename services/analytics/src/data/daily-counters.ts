import type { Redis } from 'ioredis';
import type { StatMetric } from '@podz/proto';

/**
 * Counts an occurrence at most once: the member is added to its day's "seen" set and, only if it
 * was not there, the day's and the all-time counters go up, in one atomic step.
 * KEYS: seen set, daily hash, totals hash. ARGV: member, day, metric, seen-set TTL in seconds.
 */
const COUNT_ONCE = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
if tonumber(ARGV[4]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return 1
`;

type CountingRedis = Redis & {
  countOnce(
    seen: string,
    daily: string,
    totals: string,
    member: string,
    day: string,
    metric: string,
    ttl: number,
  ): Promise<number>;
};

/** How long an event id is remembered: longer than the broker keeps a redelivered message. */
const SEEN_TTL_SECONDS = 45 * 24 * 3600;

/**
 * Per-day counters in Redis: a hash per metric (`day → count`) and one of totals. A day's page
 * is one HMGET whatever the network's size. They are a read model of the topics: a new
 * generation (config) replays the topics into fresh keys.
 */
export class DailyCounters {
  private readonly redis: CountingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis as CountingRedis;
    if (!('countOnce' in redis)) redis.defineCommand('countOnce', { numberOfKeys: 3, lua: COUNT_ONCE });
  }

  /**
   * Counts `metric` on `day` once per `member`: an event id (a redelivery is not counted again),
   * or for `once` metrics the thing itself (an episode published, then edited, counts once).
   */
  async count(metric: StatMetric, day: string, member: string, once = false): Promise<boolean> {
    const seen = once ? `${this.prefix}:once:${metric}` : `${this.prefix}:seen:${metric}:${day}`;
    const counted = await this.redis.countOnce(
      seen,
      `${this.prefix}:daily:${metric}`,
      `${this.prefix}:totals`,
      member,
      day,
      metric,
      once ? 0 : SEEN_TTL_SECONDS,
    );
    return counted === 1;
  }

  /** The counts of `metric` on each of `days` (0 where nothing happened). */
  async daily(metric: StatMetric, days: string[]): Promise<number[]> {
    const values = await this.redis.hmget(`${this.prefix}:daily:${metric}`, ...days);
    return values.map((value) => Number(value ?? 0));
  }

  async totals(metrics: readonly StatMetric[]): Promise<number[]> {
    const values = await this.redis.hmget(`${this.prefix}:totals`, ...metrics);
    return values.map((value) => Number(value ?? 0));
  }
}
