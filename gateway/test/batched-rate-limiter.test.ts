import { Redis } from 'ioredis';
import { createLogger } from '@podz/kit';
import { testInfra, uniqueName } from '@podz/kit/testing';
import { BatchedRateLimiter } from '../src/batched-rate-limiter';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redis = new Redis(testInfra().redisUrl);
const logger = createLogger('batched-rate-test', 'silent');
const prefix = uniqueName('test:batched-rate');
const limiters: BatchedRateLimiter[] = [];
const limiter = (flushMs = 50) => {
  const created = new BatchedRateLimiter(redis, logger, { prefix, flushMs });
  limiters.push(created);
  return created;
};

afterAll(async () => {
  await Promise.all(limiters.map((l) => l.stop()));
  await redis.quit();
});

describe('the batched rate limiter', () => {
  it('refuses past the limit at once on one instance, and says when to retry', () => {
    const one = limiter();
    const rule = { limit: 5, windowMs: 60_000 };
    const decisions = Array.from({ length: 8 }, () => one.hit('global', 'ip-1', rule));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(decisions[7]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
    expect(one.hit('global', 'ip-2', rule).allowed).toBe(true);
  });

  it("shares its counts through Redis: each instance learns the others' hits at its next batch", async () => {
    const [a, b] = [limiter(), limiter()];
    const rule = { limit: 10, windowMs: 60_000 };
    for (let n = 0; n < 8; n += 1) expect(a.hit('global', 'shared-ip', rule).allowed).toBe(true);
    await a.flush();
    expect(await redis.get(`${prefix}:global:shared-ip`)).toBe('8');
    // b has not heard yet: its first hit is decided on what it knows, then it learns the rest.
    expect(b.hit('global', 'shared-ip', rule).allowed).toBe(true);
    await b.flush();
    expect(b.hit('global', 'shared-ip', rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(b.hit('global', 'shared-ip', rule).allowed).toBe(false);
    await b.flush();
    await a.flush();
    expect(await redis.get(`${prefix}:global:shared-ip`)).toBe('11');
    // a, told by the batch it sent with nothing pending, refuses on the shared count.
    a.hit('global', 'shared-ip', rule);
    await a.flush();
    expect(a.hit('global', 'shared-ip', rule).allowed).toBe(false);
  });

  it('counts the hits of a batch on its way to Redis until Redis has answered for them', async () => {
    const one = limiter(60_000);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let n = 0; n < 3; n += 1) expect(one.hit('global', 'in-flight-ip', rule).allowed).toBe(true);
    const sent = one.flush();
    // The batch has left (its hits are no longer pending) and Redis has not answered yet.
    await Promise.resolve();
    await Promise.resolve();
    expect(one.hit('global', 'in-flight-ip', rule).allowed).toBe(false);
    await sent;
    expect(one.hit('global', 'in-flight-ip', rule).allowed).toBe(false);
    await one.flush();
    expect(await redis.get(`${prefix}:global:in-flight-ip`)).toBe('5');
  });

  it('starts a new window once the old one has run out', async () => {
    // The local clock is ours to move, so the test waits only for Redis's window, however slow the
    // machine: with a real clock a late batch answer pushed the local window's end past the sleep.
    let clock = Date.now();
    const one = new BatchedRateLimiter(redis, logger, { prefix, flushMs: 60_000 }, () => clock);
    limiters.push(one);
    const key = `${prefix}:global:window-ip`;
    const rule = { limit: 2, windowMs: 300 };
    one.hit('global', 'window-ip', rule);
    one.hit('global', 'window-ip', rule);
    expect(one.hit('global', 'window-ip', rule).allowed).toBe(false);
    await one.flush();
    expect(await redis.get(key)).toBe('3');
    while (Number(await redis.pttl(key)) >= 0) await sleep(50);
    clock += 1_000;
    expect(one.hit('global', 'window-ip', rule)).toMatchObject({ allowed: true, remaining: 1 });
    await one.flush();
    expect(await redis.get(key)).toBe('1');
    expect(Number(await redis.pttl(key))).toBeGreaterThan(0);
  });
});
