import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { Redis } from 'ioredis';
import { listen } from '@podz/kit';
import { testInfra } from '@podz/kit/testing';
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
