import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { Redis } from 'ioredis';
import { SessionRevocations } from '@podz/kit';
import { testInfra, testToken } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { startEchoGateway, startEchoUpstream, stopAll, type EchoUpstream } from './support/echo-upstream';
import type { RunningGateway } from '../src/gateway';

/** A Bearer header for a new user holding `access`, whose session version is recorded as live. */
async function signedIn(access: Access[]) {
  const id = randomBytes(12).toString('hex');
  await new SessionRevocations(redis).recordVersion(id, 0);
  return { authorization: `Bearer ${testToken({ id, access })}` };
}

let echo: EchoUpstream;
let redis: Redis;
let gateway: RunningGateway;

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  echo = await startEchoUpstream();
  // Nothing listens on port 1: the requests service is "down" for these tests.
  gateway = await startEchoGateway(echo, { REQUESTS_URL: 'http://127.0.0.1:1' });
});

afterAll(() => stopAll(gateway, redis, echo));

describe('the gateway proxy', () => {
  it('forwards an allowed path with its query and a request id', async () => {
    const res = await request(gateway.url).get('/api/users/64b7f0c2a1b2c3d4e5f60718?x=1').expect(200);
    expect(res.body).toEqual({ echoed: '/api/users/64b7f0c2a1b2c3d4e5f60718?x=1', bytes: 0 });
    const forwarded = echo.seen.at(-1)!;
    expect(forwarded.headers['x-request-id']).toBe(res.headers['x-request-id']);
    expect(forwarded.headers['x-forwarded-for']).toBeDefined();
  });

  it('answers paths outside the table itself, without reaching any service', async () => {
    const before = echo.seen.length;
    const res = await request(gateway.url).get('/api/internal/secrets').expect(404);
    expect(res.body).toEqual({ error: 'No route for GET /api/internal/secrets', code: 'NOT_FOUND' });
    expect(echo.seen.length).toBe(before);
  });

  it('strips identity headers a client tries to smuggle in', async () => {
    await request(gateway.url)
      .get('/api/users?userType=host')
      .set('x-user-id', 'someone-else')
      .set('x-user-access', 'admin')
      .expect(200);
    const forwarded = echo.seen.at(-1)!;
    expect(forwarded.headers['x-user-id']).toBeUndefined();
    expect(forwarded.headers['x-user-access']).toBeUndefined();
  });

  it('streams request bodies through untouched', async () => {
    const body = JSON.stringify({ text: 'é'.repeat(40_000) });
    const res = await request(gateway.url)
      .post('/api/conversations')
      .set(await signedIn(['user']))
      .set('content-type', 'application/json')
      .send(body)
      .expect(200);
    expect(res.body.bytes).toBe(body.length);
    expect(echo.seen.at(-1)!.body).toBe(body);
  });

  it('answers 502 in the API error shape when a service is down', async () => {
    const res = await request(gateway.url)
      .get('/api/requests')
      .set(await signedIn(['admin']))
      .expect(502);
    expect(res.body).toEqual({ error: 'The requests service is unavailable', code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('passes WebSocket upgrades through on /socket.io', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(101);
  });
});

describe('the web app', () => {
  it('serves index.html at / and for deep links (history fallback)', async () => {
    const home = await request(gateway.url).get('/').set('accept', 'text/html').expect(200);
    expect(home.text).toContain('<title>PODZ</title>');
    const deep = await request(gateway.url)
      .get('/shows/some-show/64b7f0c2a1b2c3d4e5f60718')
      .set('accept', 'text/html')
      .expect(200);
    expect(deep.text).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-cache');
    // A Range on the page, even one no file satisfies, gets the page whole.
    for (const range of ['bytes=9-1', 'bytes=0-3']) {
      const ranged = await request(gateway.url)
        .get('/media/transcripts/')
        .set('accept', 'text/html')
        .set('range', range)
        .expect(200);
      expect(ranged.text).toContain('<div id="root">');
    }
  });

  it("lets the page load PayPal's script and frames, and nothing else from elsewhere", async () => {
    const home = await request(gateway.url).get('/').set('accept', 'text/html').expect(200);
    const policy = Object.fromEntries(
      String(home.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://*.paypal.com',
      'https://js.braintreegateway.com',
    ]);
    expect(policy['frame-src']).toEqual(["'self'", 'https://*.paypal.com']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it('names the oEmbed answer on show and episode pages, so a pasted link unfurls the player', async () => {
    const page = '/shows/some-show/64b7f0c2a1b2c3d4e5f60718';
    const res = await request(gateway.url).get(page).set('accept', 'text/html').expect(200);
    const origin = 'http://localhost:8080';
    expect(res.text).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${origin}/oembed?url=${encodeURIComponent(`${origin}${page}`)}&amp;format=json"></head>`,
    );
    const home = await request(gateway.url).get('/').set('accept', 'text/html').expect(200);
    expect(home.text).not.toContain('json+oembed');
  });

  it('serves the embeddable player so that any site may frame it, and only there', async () => {
    const embed = await request(gateway.url)
      .get('/embed/episodes/64b7f0c2a1b2c3d4e5f60718?t=1m30s')
      .set('accept', 'text/html')
      .expect(200);
    expect(embed.text).toContain('<title>PODZ player</title>');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(embed.headers['set-cookie']).toBeUndefined();
    const app = await request(gateway.url).get('/shows/some-show').set('accept', 'text/html').expect(200);
    expect(app.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await request(gateway.url).get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('does not answer API misses or non-GET requests with the page', async () => {
    await request(gateway.url).get('/api/nope').set('accept', 'text/html').expect(404);
    const post = await request(gateway.url).post('/shows').set('accept', 'text/html').expect(404);
    expect(post.body.code).toBe('NOT_FOUND');
  });
});
