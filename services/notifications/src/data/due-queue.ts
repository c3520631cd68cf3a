import type { Redis } from 'ioredis';

/**
 * Work due at a time (a member's digest, a message's reminder), as a Redis sorted set scored by
 * when it is due: scheduling, finding what is due and cancelling are each one command, bounded
 * by the batch asked for, however much is waiting. `claim` removes the member, so of several
 * instances sweeping at once exactly one does each piece of work.
 */
export class DueQueue {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}

  /** Due at `at` unless already waiting (the earlier time stands). */
  async schedule(member: string, at: Date): Promise<void> {
    await this.redis.zadd(this.key, 'NX', at.getTime(), member);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, '-inf', now.getTime(), 'LIMIT', 0, limit);
  }

  async claim(member: string): Promise<boolean> {
    return (await this.redis.zrem(this.key, member)) === 1;
  }

  async cancel(member: string): Promise<void> {
    await this.redis.zrem(this.key, member);
  }
}
