import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { Redis } from 'ioredis';
import { SessionRevocations, verifySessionToken } from '@podz/kit';
import { freePort, otherKeys, testInfra, testKeys, testToken } from '@podz/kit/testing';
import { ACCESS_VALUES, API_ROUTES, SESSION_COOKIE, type Access } from '@podz/proto';
import { startEchoGateway, startEchoUpstream, stopAll, type EchoUpstream } from './support/echo-upstream';
import type { RunningGateway } from '../src/gateway';

/**
 * The gateway's own checks, in front of a stand-in service that records what reached it: the
 * allowlist, session verification and revocation, access, origin, and rate limits, on real Redis.
 */
let echo: EchoUpstream;
let redis: Redis;
let revocations: SessionRevocations;
let gateway: RunningGateway;
const ORIGIN = 'https://podz.example';

const startTestGateway = (overrides: Record<string, string> = {}) =>
  startEchoGateway(echo, { PUBLIC_ORIGIN: ORIGIN, ...overrides });

/** A live session for a new user: its token, and the user id. */
async function session(access: Access[] = ['user'], options: { expiresIn?: number } = {}) {
  const id = randomBytes(12).toString('hex');
  await revocations.recordVersion(id, 0);
  return { id, token: testToken({ id, access }, testKeys(), options.expiresIn) };
}

/** A client address of its own, so that rate-limit counters never collide between tests or runs. */
const clientIp = () => `10.${randomBytes(3).join('.')}`;

const lastForwarded = () => echo.seen.at(-1)!;

/** A Redis client once `redis-server` on `port` answers, or an error after ten seconds. */
async function redisOn(port: number): Promise<Redis> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(port, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return client;
    } catch (err) {
      client.disconnect();
      if (Date.now() > deadline)
        throw new Error(`redis-server on port ${port} did not start: ${String(err)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  revocations = new SessionRevocations(redis);
  echo = await startEchoUpstream();
  gateway = await startTestGateway();
});

afterAll(() => stopAll(gateway, redis, echo));

describe('the route allowlist', () => {
  it('answers a known path with another method 405, naming the allowed methods', async () => {
    const before = echo.seen.length;
    const res = await request(gateway.url).post('/api/user').expect(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.body).toEqual({ error: 'POST is not allowed on /api/user', code: 'METHOD_NOT_ALLOWED' });
    const users = await request(gateway.url).post('/api/users/user-count').expect(405);
    expect(users.headers.allow).toBe('GET');
    expect(echo.seen.length).toBe(before);
  });

  it('prefers literal segments to parameters', async () => {
    const { token } = await session(['user']);
    // `/api/users/admin-added-user` is admin-only even though `/api/users/:id` has a PUT for admins
    // and a public GET: the literal route decides.
    const res = await request(gateway.url)
      .post('/api/users/admin-added-user')
      .set('authorization', `Bearer ${token}`)
      .expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('bad input at the edge', () => {
  it('refuses malformed percent-encoding and compressed bodies before routing, in the API error shape', async () => {
    const before = echo.seen.length;
    for (const path of [
      '/api/podcasts/%zz',
      '/api/users/%C3%28',
      '/shows/%E0%A4%A/feed.xml',
      '/api/episodes?page=%zz',
    ]) {
      const res = await request(gateway.url).get(path).expect(400);
      expect(res.body).toEqual({
        error: 'The address has malformed percent-encoding',
        code: 'VALIDATION_FAILED',
      });
    }
    const res = await request(gateway.url)
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('{"username":"not-gzip"}')
      .expect(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(echo.seen.length).toBe(before);
  });

  it('answers requests the HTTP parser refuses in the API error shape: oversized headers 431, not HTTP 400', async () => {
    const before = echo.seen.length;
    const answerTo = async (raw: string) => {
      const socket = connect(gateway.port, '127.0.0.1');
      socket.end(raw);
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      return { status: head!.split('\r\n', 1)[0], type: /content-type: (.*)/i.exec(head!)?.[1], body: body! };
    };
    const oversized = await answerTo(
      `GET /api/episodes HTTP/1.1\r\nhost: x\r\nreferer: ${'r'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(oversized.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(oversized.body)).toEqual({
      error: 'The request line and headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
    const garbage = await answerTo('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(garbage.body).code).toBe('VALIDATION_FAILED');
    expect(echo.seen.length).toBe(before);
  });
});

describe('sessions', () => {
  const signedInRoute = '/api/user';

  it('forwards a valid session from the cookie or a Bearer header as Bearer, and nothing else', async () => {
    const { token } = await session();
    await request(gateway.url)
      .get(signedInRoute)
      .set('cookie', `${SESSION_COOKIE}=${token}; other=1`)
      .expect(200);
    expect(lastForwarded().headers.authorization).toBe(`Bearer ${token}`);
    await request(gateway.url).get(signedInRoute).set('authorization', `Bearer ${token}`).expect(200);
    expect(lastForwarded().headers.authorization).toBe(`Bearer ${token}`);
    expect(lastForwarded().headers['x-request-id']).toMatch(/\S+/);
  });

  it('answers 401 in the API error shape without a session, or with one that is not valid', async () => {
    const { id, token } = await session();
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, access: ['admin'] })).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = (await session(['user'], { expiresIn: -10 })).token;
    const otherKey = testToken({ id, access: ['user'] }, otherKeys());
    const hmac = jwt.sign(claims, testKeys().publicKey, { algorithm: 'HS256' });
    const bad = {
      tampered: `${header}.${forged}.${token.split('.')[2]}`,
      'alg none': unsigned,
      expired,
      'signed with another key': otherKey,
      'HS256 with the public key as secret': hmac,
      garbage: 'not-a-token',
    };
    const before = echo.seen.length;
    const none = await request(gateway.url).get(signedInRoute).expect(401);
    expect(none.body).toEqual({ error: 'You need to sign in', code: 'UNAUTHENTICATED' });
    for (const [what, value] of Object.entries(bad)) {
      expect(verifySessionToken(value, testKeys().publicKey)).toBeUndefined();
      const res = await request(gateway.url).get(signedInRoute).set('authorization', `Bearer ${value}`);
      expect({ what, status: res.status, code: res.body.code }).toEqual({
        what,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
    expect(echo.seen.length).toBe(before);
  });

  it('refuses a session at once when the user signs out everywhere, or that one token is signed out', async () => {
    const everywhere = await session();
    await request(gateway.url)
      .get(signedInRoute)
      .set('authorization', `Bearer ${everywhere.token}`)
      .expect(200);
    await revocations.recordVersion(everywhere.id, 1);
    await request(gateway.url)
      .get(signedInRoute)
      .set('authorization', `Bearer ${everywhere.token}`)
      .expect(401);

    const one = await session();
    const user = verifySessionToken(one.token, testKeys().publicKey)!;
    await revocations.revokeToken(user);
    await request(gateway.url).get(signedInRoute).set('authorization', `Bearer ${one.token}`).expect(401);
    const sibling = testToken({ id: one.id, access: ['user'] });
    await request(gateway.url).get(signedInRoute).set('authorization', `Bearer ${sibling}`).expect(200);

    const deleted = await session();
    await revocations.forget(deleted.id);
    await request(gateway.url).get(signedInRoute).set('authorization', `Bearer ${deleted.token}`).expect(401);
  });

  it('lets public routes through as anonymous with an invalid session, without forwarding it', async () => {
    const { id } = await session();
    const stale = testToken({ id, access: ['admin'] }, otherKeys());
    await request(gateway.url)
      .get('/api/users?userType=host')
      .set('authorization', `Bearer ${stale}`)
      .expect(200);
    expect(lastForwarded().headers.authorization).toBeUndefined();
    await request(gateway.url)
      .get('/api/auth/session')
      .set('cookie', `${SESSION_COOKIE}=${stale}`)
      .expect(200);
    expect(lastForwarded().headers.authorization).toBeUndefined();
  });

  it('answers 403 to a signed-in user without a listed access value, and lets holders through', async () => {
    const plain = await session(['user']);
    const res = await request(gateway.url)
      .get('/api/requests')
      .set('authorization', `Bearer ${plain.token}`)
      .expect(403);
    expect(res.body).toEqual({ error: 'You are not allowed to do this', code: 'FORBIDDEN' });
    await request(gateway.url)
      .post('/api/podcasts')
      .set('authorization', `Bearer ${plain.token}`)
      .expect(403);
    const owner = await session(['user', 'owner']);
    await request(gateway.url)
      .post('/api/podcasts')
      .set('authorization', `Bearer ${owner.token}`)
      .expect(200);
    const admin = await session(['admin']);
    await request(gateway.url).get('/api/requests').set('authorization', `Bearer ${admin.token}`).expect(200);
  });

  it('holds the whole table: every route, anonymous and as each access value, lands where its policy says', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ACCESS_VALUES.map(async (value) => [value, (await session([value])).token] as const)),
    ) as Record<Access, string>;
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      // The gateway routes by pattern: any segment stands for a parameter.
      const path = route.path.replace(/:[^/]+/g, '64b7f0c2a1b2c3d4e5f60718');
      const call = (token?: string) => {
        const req = request(gateway.url)[route.method.toLowerCase() as 'get'](path);
        return token ? req.set('authorization', `Bearer ${token}`) : req;
      };
      const expect_ = (who: string, status: number, allowed: boolean) => {
        const refused = status === 401 || status === 403;
        if (refused === allowed) wrong.push(`${route.method} ${route.path} as ${who}: ${status}`);
      };
      expect_('anonymous', (await call()).status, route.policy === 'public');
      if (route.policy === 'public') continue;
      for (const value of ACCESS_VALUES) {
        const allowed = route.policy === 'signed-in' || route.policy.includes(value);
        expect_(value, (await call(tokens[value])).status, allowed);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('fails closed for sessions (503, never a bypass) and open for rate limits when Redis goes away', async () => {
    const port = await freePort();
    const own = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    try {
      const client = await redisOn(port);
      const alone = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${port}` });
      try {
        const { id, token } = await session();
        await new SessionRevocations(client).recordVersion(id, 0);
        client.disconnect();
        await request(alone.url).get('/api/user').set('authorization', `Bearer ${token}`).expect(200);
        own.kill('SIGKILL');
        await once(own, 'exit');
        // Closed with 503, not 401: a client told 401 would sign out of a session that may be fine.
        const res = await request(alone.url)
          .get('/api/user')
          .set('authorization', `Bearer ${token}`)
          .expect(503);
        expect(res.body).toEqual({
          error: 'Sessions cannot be checked right now; try again shortly',
          code: 'NOT_READY',
        });
        expect(res.headers['retry-after']).toBe('5');
        // A public read with the same token is answered, as anyone's.
        await request(alone.url).get('/api/users').set('authorization', `Bearer ${token}`).expect(200);
        await request(alone.url).get('/api/users').expect(200);
      } finally {
        await alone.stop();
      }
    } finally {
      own.kill('SIGKILL');
    }
  });
});

describe('the origin check', () => {
  it('refuses unsafe requests carrying the session cookie without a same-origin Origin', async () => {
    const { token } = await session();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const noOrigin = await request(gateway.url).patch('/api/users/x').set('cookie', cookie).expect(403);
    expect(noOrigin.body.error).toMatch(/Origin/);
    await request(gateway.url)
      .patch('/api/users/x')
      .set('cookie', cookie)
      .set('origin', 'https://evil.example')
      .expect(403);
    await request(gateway.url).patch('/api/users/x').set('cookie', cookie).set('origin', ORIGIN).expect(200);
    // Its own host counts as same-origin too (a deployment reached by another name).
    await request(gateway.url)
      .patch('/api/users/x')
      .set('cookie', cookie)
      .set('origin', gateway.url)
      .expect(200);
  });

  it('refuses unsafe requests from another site even without a cookie, and allows API clients', async () => {
    const { token } = await session();
    await request(gateway.url)
      .post('/api/auth/register')
      .set('x-forwarded-for', clientIp())
      .set('origin', 'https://evil.example')
      .send({})
      .expect(403);
    await request(gateway.url)
      .post('/api/conversations')
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    // Safe methods are never refused for their origin.
    await request(gateway.url).get('/api/users').set('origin', 'https://evil.example').expect(200);
  });
});

describe('rate limits', () => {
  let limited: RunningGateway;

  beforeAll(async () => {
    limited = await startTestGateway({
      RATE_LIMIT_GLOBAL_PER_MINUTE: '8',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '3',
      RATE_LIMIT_REGISTER_PER_HOUR: '2',
      RATE_LIMIT_FORMS_PER_HOUR: '2',
      RATE_LIMIT_AUTH_MAIL_PER_HOUR: '2',
    });
  });
  afterAll(() => limited?.stop());

  it('answer a burst of sign-ins per IP with 429, Retry-After and a NextAuth error URL', async () => {
    const ip = clientIp();
    const signIn = () =>
      request(limited.url)
        .post('/api/auth/callback/credentials')
        .set('x-forwarded-for', ip)
        .type('form')
        .send({});
    for (let i = 0; i < 3; i += 1) await signIn().expect(200);
    const before = echo.seen.length;
    const res = await signIn().expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({
      error: 'Too many requests; try again later',
      code: 'RATE_LIMITED',
      url: `${ORIGIN}/api/auth/signin?error=TooManyRequests`,
    });
    expect(echo.seen.length).toBe(before);
    // Another address is not affected.
    await request(limited.url)
      .post('/api/auth/callback/credentials')
      .set('x-forwarded-for', clientIp())
      .type('form')
      .send({})
      .expect(200);
  });

  it('limit registrations per IP', async () => {
    const ip = clientIp();
    const register = () =>
      request(limited.url).post('/api/auth/register').set('x-forwarded-for', ip).send({});
    await register().expect(200);
    await register().expect(200);
    const res = await register().expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.body.url).toBeUndefined();
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limit contact and advertise submissions per IP, both forms counted together', async () => {
    const ip = clientIp();
    const send = (form: string) =>
      request(limited.url).post(`/api/content/forms/${form}`).set('x-forwarded-for', ip).send({});
    await send('contact').expect(200);
    await send('advertise').expect(200);
    const res = await send('contact').expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    await request(limited.url)
      .post('/api/content/forms/contact')
      .set('x-forwarded-for', clientIp())
      .send({})
      .expect(200);
  });

  it('limit the calls that send mail per IP, sign-in links and password resets counted together', async () => {
    const ip = clientIp();
    const signInLink = () =>
      request(limited.url).post('/api/auth/signin/email').set('x-forwarded-for', ip).type('form').send({});
    const reset = () =>
      request(limited.url).post('/api/auth/password/forgot').set('x-forwarded-for', ip).send({});
    await signInLink().expect(200);
    await reset().expect(200);
    const res = await signInLink().expect(429);
    expect(res.body).toEqual({
      error: 'Too many requests; try again later',
      code: 'RATE_LIMITED',
      url: `${ORIGIN}/api/auth/signin?error=TooManyRequests`,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    await reset().expect(429);
    await request(limited.url)
      .post('/api/auth/password/forgot')
      .set('x-forwarded-for', clientIp())
      .send({})
      .expect(200);
  });

  it('hold a global ceiling per IP over every API route', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await request(limited.url).get('/api/users').set('x-forwarded-for', ip)).status);
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429, 429]);
    // The web app is not counted against the API ceiling.
    await request(limited.url).get('/').set('x-forwarded-for', ip).set('accept', 'text/html').expect(200);
  });
});
