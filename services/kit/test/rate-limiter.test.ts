import { Redis } from 'ioredis';
import { RateLimiter } from '../src/rate-limit/rate-limiter';
import { testInfra, uniqueName } from '../src/testing';
import { sleep } from './helpers';

const redis = new Redis(testInfra().redisUrl);
const limiter = new RateLimiter(redis, uniqueName('test:rate'));

afterAll(() => redis.quit());

describe('the Redis rate limiter', () => {
  it('allows exactly the limit under a concurrent burst, and says when to retry', async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('burst', 'ip-1', rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const refused = decisions.filter((d) => !d.allowed);
    expect(refused.every((d) => d.retryAfterSeconds >= 59 && d.retryAfterSeconds <= 60)).toBe(true);
    expect(refused.every((d) => d.remaining === 0)).toBe(true);
    // Subjects and buckets are counted apart.
    expect((await limiter.hit('burst', 'ip-2', rule)).allowed).toBe(true);
    expect((await limiter.hit('other', 'ip-1', rule)).allowed).toBe(true);
  });

  it('starts a new window once the old one has run out', async () => {
    const rule = { limit: 2, windowMs: 300 };
    await limiter.hit('window', 'ip', rule);
    await limiter.hit('window', 'ip', rule);
    expect((await limiter.hit('window', 'ip', rule)).allowed).toBe(false);
    await sleep(350);
    expect(await limiter.hit('window', 'ip', rule)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('reads without counting, and forgets a subject on reset', async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limiter.exhausted('failures', 'account', rule)).allowed).toBe(true);
    await limiter.hit('failures', 'account', rule);
    await limiter.hit('failures', 'account', rule);
    expect(await limiter.exhausted('failures', 'account', rule)).toMatchObject({
      allowed: false,
      remaining: 0,
    });
    expect(await limiter.exhausted('failures', 'account', rule)).toMatchObject({ allowed: false });
    await limiter.reset('failures', 'account');
    expect(await limiter.exhausted('failures', 'account', rule)).toMatchObject({
      allowed: true,
      remaining: 2,
    });
  });
});
