import type * as NextAuthReact from 'next-auth/react';
import { SESSION_COOKIE } from '@podz/proto';
import { MailInbox, linkIn } from '@podz/kit/testing';
import request from 'supertest';
import {
  ADMIN,
  IdentityClient,
  PASSWORD,
  bearer,
} from '../../services/identity/test/support/identity-harness';
import { BrowserFetch } from './support/browser-fetch';
import { startIdentityPlatform, type IdentityPlatform } from './support/identity-platform';

/**
 * NextAuth.js v4's own browser client (the `next-auth` dev dependency, unmodified) against the
 * running gateway and identity: the proof that /api/auth speaks its REST shapes.
 */
let platform: IdentityPlatform;
let browser: BrowserFetch;
let nextAuth: typeof NextAuthReact;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  platform = await startIdentityPlatform();
  browser = new BrowserFetch(platform.origin);
  globalThis.fetch = browser.fetch as typeof fetch;
  // The client reads its base URL from NEXTAUTH_URL when the module loads.
  process.env.NEXTAUTH_URL = `${platform.origin}/api/auth`;
  nextAuth = jest.requireActual('next-auth/react');
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await platform?.stop();
});

async function register(username: string) {
  const res = await browser.fetch('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.org`, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe("NextAuth.js v4's client against the gateway", () => {
  it('reads the CSRF token and the providers', async () => {
    expect(await nextAuth.getCsrfToken()).toMatch(/^[0-9a-f]{64}$/);
    const providers = await nextAuth.getProviders();
    expect(providers?.credentials).toMatchObject({ id: 'credentials', type: 'credentials' });
    expect(providers?.email).toMatchObject({ id: 'email', type: 'email' });
  });

  it("asks for a sign-in link with signIn('email'), and the mailed link signs in once", async () => {
    const username = `na-mail-${Date.now().toString(36)}`;
    const { id } = await register(username);
    const email = `${username}@example.org`;
    const result = await nextAuth.signIn('email', {
      redirect: false,
      email,
      callbackUrl: `${platform.origin}/mypodcasts`,
    });
    expect(result).toEqual({
      ok: true,
      status: 200,
      error: null,
      url: `${platform.origin}/api/auth/verify-request?provider=email&type=email`,
    });

    const mail = await new MailInbox().waitFor(email, (m) => /sign-in link/.test(m.subject));
    const link = new URL(linkIn(mail, `${platform.origin}/api/auth/callback/email?`));
    const signedIn = await browser.fetch(link.pathname + link.search);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe(`${platform.origin}/mypodcasts`);
    expect((await nextAuth.getSession())?.user).toMatchObject({ id, username });
    await nextAuth.signOut({ redirect: false, callbackUrl: `${platform.origin}/` });

    const again = await browser.fetch(link.pathname + link.search);
    expect(again.headers.get('location')).toMatch(
      /\/api\/auth\/signin\?error=Verification|\/login\?error=Verification/,
    );
    expect(await nextAuth.getSession()).toBeNull();
  });

  it('reports a wrong password as CredentialsSignin and stays signed out', async () => {
    const username = `na-wrong-${Date.now().toString(36)}`;
    await register(username);
    const result = await nextAuth.signIn('credentials', {
      redirect: false,
      username,
      password: 'not the password 1',
      callbackUrl: `${platform.origin}/mypodcasts`,
    });
    expect(result).toMatchObject({ ok: false, status: 401, error: 'CredentialsSignin', url: null });
    expect(await nextAuth.getSession()).toBeNull();
  });

  it('signs in, reads the session, updates it and signs out', async () => {
    const username = `na-${Date.now().toString(36)}`;
    const { id } = await register(username);

    const signedIn = await nextAuth.signIn('credentials', {
      redirect: false,
      username,
      password: PASSWORD,
      callbackUrl: `${platform.origin}/mypodcasts`,
    });
    expect(signedIn).toEqual({ ok: true, status: 200, error: null, url: `${platform.origin}/mypodcasts` });
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();

    const session = await nextAuth.getSession();
    expect(session).toEqual({
      user: {
        _id: id,
        id,
        username,
        profilePicture: '/images/default-profile.svg',
        role: 'user',
        access: ['user'],
        plan: 'free',
        // Registered a moment ago: the address waits for its confirmation link.
        emailVerified: null,
      },
      expires: expect.any(String),
    });

    // A plan change made elsewhere (here by an admin) shows up once the session is updated.
    // `getSession` with a body is the exact request `useSession().update(data)` makes (POST
    // session with csrfToken and data).
    const identity = new IdentityClient(platform.identity.url);
    const admin = await identity.signIn(ADMIN.username, ADMIN.password);
    await request(platform.identity.url)
      .patch(`/api/users/${id}/plan`)
      .set(bearer(admin))
      .send({ plan: 'pro' })
      .expect(200);
    const updated = await nextAuth.getSession({
      req: { body: { csrfToken: await nextAuth.getCsrfToken(), data: { reason: 'plan changed' } } },
    } as never);
    expect(updated?.user).toMatchObject({ id, plan: 'pro' });

    const signedOut = await nextAuth.signOut({ redirect: false, callbackUrl: `${platform.origin}/` });
    expect(signedOut).toEqual({ url: `${platform.origin}/` });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await nextAuth.getSession()).toBeNull();
  });
});
