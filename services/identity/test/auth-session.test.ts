import request from 'supertest';
import { verifySessionToken } from '@podz/kit';
import { testKeys } from '@podz/kit/testing';
import { CSRF_COOKIE, SESSION_COOKIE } from '@podz/proto';
import {
  ADMIN,
  IdentityClient,
  PASSWORD,
  bearer,
  cookieLines,
  setCookie,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from './support/identity-harness';

let identity: TestIdentity;
let client: IdentityClient;

beforeAll(async () => {
  identity = await startTestIdentity({ SIGNIN_MAX_FAILURES: '3', SIGNIN_FAILURE_WINDOW_SECONDS: '60' });
  client = new IdentityClient(identity.url);
});
afterAll(() => stopTestIdentity(identity));

const signInForm = (csrf: { token: string; cookie: string }, fields: Record<string, string>) =>
  request(identity.url)
    .post('/api/auth/callback/credentials')
    .set('cookie', csrf.cookie)
    .type('form')
    .send({ csrfToken: csrf.token, json: 'true', callbackUrl: 'http://podz.test/mypodcasts', ...fields });

describe('GET /api/auth/csrf', () => {
  it('issues a token with a signed, httpOnly double-submit cookie, and keeps it while the cookie is valid', async () => {
    const res = await request(identity.url).get('/api/auth/csrf').expect(200);
    expect(res.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const line = cookieLines(res).find((c) => c.startsWith(CSRF_COOKIE))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(setCookie(res, CSRF_COOKIE)).toMatch(new RegExp(`^${res.body.csrfToken}\\|[0-9a-f]{64}$`));
    const again = await request(identity.url)
      .get('/api/auth/csrf')
      .set('cookie', `${CSRF_COOKIE}=${encodeURIComponent(setCookie(res, CSRF_COOKIE)!)}`)
      .expect(200);
    expect(again.body.csrfToken).toBe(res.body.csrfToken);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a forged cookie', async () => {
    const res = await request(identity.url)
      .get('/api/auth/csrf')
      .set('cookie', `${CSRF_COOKIE}=abc|def`)
      .expect(200);
    expect(res.body.csrfToken).not.toBe('abc');
    expect(setCookie(res, CSRF_COOKIE)).toBeDefined();
  });
});

describe('GET /api/auth/providers', () => {
  it("lists the credentials provider and the email provider, in NextAuth's shape", async () => {
    const res = await request(identity.url).get('/api/auth/providers').expect(200);
    expect(res.body).toEqual({
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: 'http://podz.test/api/auth/signin/credentials',
        callbackUrl: 'http://podz.test/api/auth/callback/credentials',
      },
      email: {
        id: 'email',
        name: 'Email',
        type: 'email',
        signinUrl: 'http://podz.test/api/auth/signin/email',
        callbackUrl: 'http://podz.test/api/auth/callback/email',
      },
    });
  });
});

describe('POST /api/auth/callback/credentials', () => {
  it('signs in by username (any case) or email and sets an httpOnly, SameSite=Lax RS256 session cookie', async () => {
    const user = await client.register();
    for (const login of [user.username.toUpperCase(), user.email]) {
      const res = await signInForm(await client.csrf(), { username: login, password: PASSWORD }).expect(200);
      expect(res.body).toEqual({ url: 'http://podz.test/mypodcasts' });
      const line = cookieLines(res).find((c) => c.startsWith(SESSION_COOKIE))!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Path=\//);
      const session = verifySessionToken(setCookie(res, SESSION_COOKIE)!, testKeys().publicKey);
      expect(session).toMatchObject({ id: user.id, username: user.username, access: ['user'] });
    }
  });

  it('answers 401 with CredentialsSignin in the URL for a wrong password or unknown user, and sets no session', async () => {
    const user = await client.register();
    for (const fields of [
      { username: user.username, password: 'wrong password 1' },
      { username: 'nobody-here', password: PASSWORD },
    ]) {
      const res = await signInForm(await client.csrf(), fields).expect(401);
      expect(new URL(res.body.url).searchParams.get('error')).toBe('CredentialsSignin');
      expect(res.body.code).toBe('UNAUTHENTICATED');
      expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses a missing or mismatched CSRF token with MissingCSRF', async () => {
    const user = await client.register();
    const csrf = await client.csrf();
    const res = await signInForm(
      { ...csrf, token: 'f'.repeat(64) },
      { username: user.username, password: PASSWORD },
    );
    expect(res.status).toBe(403);
    expect(new URL(res.body.url).searchParams.get('error')).toBe('MissingCSRF');
    await signInForm(
      { token: csrf.token, cookie: '' },
      { username: user.username, password: PASSWORD },
    ).expect(403);
  });

  it('replaces a foreign callback URL with the home page', async () => {
    const user = await client.register();
    const res = await signInForm(await client.csrf(), {
      username: user.username,
      password: PASSWORD,
      callbackUrl: 'https://evil.example/steal',
    }).expect(200);
    expect(res.body.url).toBe('http://podz.test/');
  });

  it('redirects with 302 when json is not asked for', async () => {
    const user = await client.register();
    const res = await signInForm(await client.csrf(), {
      username: user.username,
      password: PASSWORD,
      json: 'false',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://podz.test/mypodcasts');
  });

  it('locks an account after a burst of wrong passwords: 429 with Retry-After, even with the right one', async () => {
    const user = await client.register();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await signInForm(await client.csrf(), { username: user.username, password: 'wrong password 1' }).expect(
        401,
      );
    }
    const res = await signInForm(await client.csrf(), { username: user.email, password: PASSWORD }).expect(
      429,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(new URL(res.body.url).searchParams.get('error')).toBe('TooManyRequests');
    expect(res.body.code).toBe('RATE_LIMITED');
  });
});

describe('GET and POST /api/auth/session', () => {
  it('answers {} without a session, and clears a stale session cookie', async () => {
    await request(identity.url).get('/api/auth/session').expect(200, {});
    const res = await request(identity.url)
      .get('/api/auth/session')
      .set('cookie', `${SESSION_COOKIE}=stale`)
      .expect(200);
    expect(res.body).toEqual({});
    expect(setCookie(res, SESSION_COOKIE)).toBe('');
  });

  it('answers the session user and expiry, and nothing more', async () => {
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const res = await request(identity.url).get('/api/auth/session').set(bearer(token)).expect(200);
    expect(res.body).toEqual({
      user: {
        _id: user.id,
        id: user.id,
        username: user.username,
        profilePicture: '/images/default-profile.svg',
        role: 'user',
        access: ['user'],
        plan: 'free',
        emailVerified: null,
      },
      expires: expect.any(String),
    });
    expect(new Date(res.body.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('re-reads the user on update and re-issues the session', async () => {
    const admin = await client.signIn(ADMIN.username, ADMIN.password);
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    await request(identity.url)
      .patch(`/api/users/${user.id}/plan`)
      .set(bearer(admin))
      .send({ plan: 'pro' })
      .expect(200);
    const csrf = await client.csrf();
    const res = await request(identity.url)
      .post('/api/auth/session')
      .set(bearer(token))
      .set('cookie', csrf.cookie)
      .send({ csrfToken: csrf.token, data: { anything: true } })
      .expect(200);
    expect(res.body.user.plan).toBe('pro');
    expect(setCookie(res, SESSION_COOKIE)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await request(identity.url)
      .post('/api/auth/session')
      .set(bearer(token))
      .send({ csrfToken: csrf.token })
      .expect(403);
    await request(identity.url)
      .post('/api/auth/session')
      .set('cookie', csrf.cookie)
      .send({ csrfToken: csrf.token })
      .expect(200, {});
  });
});

describe('POST /api/auth/signout', () => {
  it('clears the cookie, revokes the token and answers the callback URL', async () => {
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const csrf = await client.csrf();
    const res = await request(identity.url)
      .post('/api/auth/signout')
      .set(bearer(token))
      .set('cookie', csrf.cookie)
      .type('form')
      .send({ csrfToken: csrf.token, callbackUrl: '/', json: 'true' })
      .expect(200);
    expect(res.body).toEqual({ url: 'http://podz.test/' });
    expect(setCookie(res, SESSION_COOKIE)).toBe('');
    const revocations = new (await import('@podz/kit')).SessionRevocations(identity.context.redis);
    expect(await revocations.isActive(verifySessionToken(token, testKeys().publicKey)!)).toBe(false);
  });

  it('refuses without a valid CSRF token', async () => {
    const res = await request(identity.url)
      .post('/api/auth/signout')
      .type('form')
      .send({ json: 'true' })
      .expect(403);
    expect(new URL(res.body.url).searchParams.get('error')).toBe('MissingCSRF');
  });
});

describe('GET /api/auth/signin and /api/auth/error', () => {
  it('redirect to /login keeping the error and a same-site callback URL', async () => {
    const res = await request(identity.url)
      .get('/api/auth/signin?error=SessionRequired&callbackUrl=http%3A%2F%2Fpodz.test%2Fprofile%3Ftab%3D1')
      .expect(302);
    expect(res.headers.location).toBe('/login?error=SessionRequired&callbackUrl=%2Fprofile%3Ftab%3D1');
    const foreign = await request(identity.url)
      .get('/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example')
      .expect(302);
    expect(foreign.headers.location).toBe('/login?callbackUrl=%2F');
    await request(identity.url)
      .get('/api/auth/error?error=CredentialsSignin')
      .expect(302)
      .expect('location', '/login?error=CredentialsSignin');
    await request(identity.url).get('/api/auth/signin?error=%3Cscript%3E').expect(400);
  });
});

describe('POST /api/auth/_log', () => {
  it('accepts a NextAuth client log entry and refuses an oversized one', async () => {
    await request(identity.url)
      .post('/api/auth/_log')
      .type('form')
      .send({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'offline' })
      .expect(204);
    await request(identity.url)
      .post('/api/auth/_log')
      .type('form')
      .send({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'x'.repeat(10_000) })
      .expect(413);
    await request(identity.url)
      .post('/api/auth/_log')
      .send({ level: 'error', code: 'X', message: 'y'.repeat(10_000) })
      .expect(413);
  });
});
