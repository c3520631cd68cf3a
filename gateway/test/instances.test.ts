import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { Redis } from 'ioredis';
import { listen, SessionRevocations } from '@podz/kit';
import { testInfra, testToken } from '@podz/kit/testing';
import { startEchoGateway, startEchoUpstream, stopAll, type EchoUpstream } from './support/echo-upstream';
import { AFFINITY_COOKIE } from '../src/proxy';
import type { RunningGateway } from '../src/gateway';

/**
 * A service running as several instances behind one gateway (`CATALOG_URL=a,b`): requests are
 * spread over them, an instance that dies is passed over, and a read it was answering is asked
 * again of another, while a write is not (it may have happened).
 */
let first: EchoUpstream;
let second: EchoUpstream;
let cutOff: Server;
let cutOffUrl: string;
let redis: Redis;
let gateway: RunningGateway;

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  [first, second] = await Promise.all([startEchoUpstream(), startEchoUpstream()]);
  // An instance killed while answering: every connection is cut once the request has arrived.
  cutOff = createServer((req) => req.socket.destroy());
  cutOffUrl = `http://127.0.0.1:${await listen(cutOff, 0)}`;
  gateway = await startEchoGateway(first, {
    CATALOG_URL: `${first.url},${second.url}`,
    MESSAGING_URL: `${first.url},${second.url}`,
    IDENTITY_URL: `${cutOffUrl}, ${first.url}`,
    SEARCH_URL: first.url,
  });
});

afterAll(async () => {
  await stopAll(gateway, redis, first);
  await new Promise((resolve) => second.server.close(resolve));
  await new Promise((resolve) => cutOff.close(resolve));
});

const reached = (echo: EchoUpstream, path: string) => echo.seen.filter((seen) => seen.url === path).length;

describe('a service as several instances behind the gateway', () => {
  it('takes the instances in turn', async () => {
    for (let n = 0; n < 6; n++) await request(gateway.url).get('/api/podcasts/all-podcasts?turn').expect(200);
    expect(reached(first, '/api/podcasts/all-podcasts?turn')).toBe(3);
    expect(reached(second, '/api/podcasts/all-podcasts?turn')).toBe(3);
  });

  it('asks another instance again when one is cut off while answering a read, and passes over it after', async () => {
    const users = '/api/users?userType=host';
    for (let n = 0; n < 4; n++) {
      const res = await request(gateway.url).get(users).expect(200);
      expect(res.body.echoed).toBe(users);
    }
    expect(reached(first, users)).toBe(4);
  });

  it('answers a write cut off on its instance with a clear 502, and does not send it twice', async () => {
    const gatewayOnCutOff = await startEchoGateway(first, { IDENTITY_URL: `${cutOffUrl},${first.url}` });
    try {
      const before = first.seen.length;
      const res = await request(gatewayOnCutOff.url).post('/api/auth/signout').send({}).expect(502);
      expect(res.body).toEqual({
        error: 'The identity service is unavailable',
        code: 'UPSTREAM_UNAVAILABLE',
      });
      expect(first.seen.length).toBe(before);
      // The instance is passed over now: the next write goes to the live one.
      await request(gatewayOnCutOff.url).post('/api/auth/signout').send({}).expect(200);
      expect(first.seen.at(-1)!.url).toBe('/api/auth/signout');
    } finally {
      await gatewayOnCutOff.stop();
    }
  });

  it("keeps a browser's Socket.IO long-polling on one instance with a cookie, and replaces a cookie naming an instance it does not have", async () => {
    const poll = '/socket.io/?EIO=4&transport=polling';
    const opened = await request(gateway.url).get(poll).expect(200);
    const cookie = opened.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${AFFINITY_COOKIE}=[01]; Path=/socket.io; HttpOnly; SameSite=Lax$`));
    const kept = cookie.split(';')[0]!;
    const pinned = kept.endsWith('=0') ? first : second;
    const before = reached(pinned, poll);
    for (let n = 0; n < 4; n++) {
      const res = await request(gateway.url).get(poll).set('cookie', kept).expect(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(reached(pinned, poll)).toBe(before + 4);
    // A cookie naming an instance the gateway does not have is replaced.
    const stale = await request(gateway.url).get(poll).set('cookie', `${AFFINITY_COOKIE}=7`).expect(200);
    expect(stale.headers['set-cookie']?.[0]).toMatch(new RegExp(`^${AFFINITY_COOKIE}=[01];`));
  });

  it('reports the platform healthy while one instance of each service answers, with the count', async () => {
    const res = await request(gateway.url).get('/healthz').expect(200);
    expect(res.body.services.catalog).toMatchObject({ status: 'up', instances: { up: 2, of: 2 } });
    expect(res.body.services.identity).toMatchObject({ status: 'up', instances: { up: 1, of: 2 } });
    expect(res.body.services.requests).not.toHaveProperty('instances');
  });
});

describe('two gateways', () => {
  let pair: RunningGateway[];
  const clientIp = () => `10.${randomBytes(3).join('.')}`;

  beforeAll(async () => {
    const limits = { RATE_LIMIT_SIGNIN_PER_MINUTE: '4', RATE_LIMIT_GLOBAL_PER_MINUTE: '12' };
    pair = await Promise.all([startEchoGateway(first, limits), startEchoGateway(first, limits)]);
  });
  afterAll(() => Promise.all(pair.map((gateway) => gateway.stop())));

  it('count sign-ins from one address together: the limit holds whichever gateway each reaches', async () => {
    const ip = clientIp();
    const signIn = (gateway: RunningGateway) =>
      request(gateway.url)
        .post('/api/auth/callback/credentials')
        .set('x-forwarded-for', ip)
        .type('form')
        .send({});
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signIn(pair[n % 2]!)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('hold the API ceiling over both, within a flush (100 ms) of each other', async () => {
    const ip = clientIp();
    const read = (gateway: RunningGateway) =>
      request(gateway.url).get('/api/users').set('x-forwarded-for', ip);
    const flushed = () => new Promise((resolve) => setTimeout(resolve, 300));
    for (let n = 0; n < 12; n++) await read(pair[0]!).expect(200);
    await read(pair[0]!).expect(429);
    await flushed();
    // The other gateway decides on the count it last learned: for an address new to it, that
    // comes with its first flush, so one more may pass there, and nothing after.
    await read(pair[1]!);
    await flushed();
    await read(pair[1]!).expect(429);
    await read(pair[0]!).expect(429);
  });

  it('refuse a session on both at once when it is signed out everywhere', async () => {
    const revocations = new SessionRevocations(redis);
    const id = randomBytes(12).toString('hex');
    await revocations.recordVersion(id, 0);
    const token = testToken({ id, access: ['user'] });
    // An address of its own: the loopback's count under this pair's API ceiling (12) is shared,
    // through Redis, with this file's other gateways and the suites before it on this worker, and
    // reaches the pair with their first flush (100 ms): a slow run saw 429 instead of 401.
    const ip = clientIp();
    const asked = (gateway: RunningGateway) =>
      request(gateway.url)
        .get('/api/user')
        .set('x-forwarded-for', ip)
        .set('authorization', `Bearer ${token}`);
    for (const gateway of pair) await asked(gateway).expect(200);
    await revocations.recordVersion(id, 1);
    for (const gateway of pair) await asked(gateway).expect(401);
  });
});
