import request from 'supertest';
import { MailInbox, linkIn, type InboxMessage } from '@podz/kit/testing';
import { SESSION_COOKIE } from '@podz/proto';
import {
  IdentityClient,
  PASSWORD,
  bearer,
  setCookie,
  startTestIdentity,
  stopTestIdentity,
  uniqueUsername,
  type TestIdentity,
} from './support/identity-harness';

let identity: TestIdentity;
let client: IdentityClient;
const inbox = new MailInbox();

beforeAll(async () => {
  identity = await startTestIdentity({ AUTH_MAIL_PER_ADDRESS_PER_HOUR: '3' });
  client = new IdentityClient(identity.url);
});
afterAll(() => stopTestIdentity(identity));

const NEW_PASSWORD = 'brand new secret 7';

/** `POST signin/email` as NextAuth's client sends it, expecting `status`. */
async function askSignInLink(email: string, status = 200, callbackUrl = 'http://podz.test/mypodcasts') {
  const csrf = await client.csrf();
  return request(identity.url)
    .post('/api/auth/signin/email')
    .set('cookie', csrf.cookie)
    .type('form')
    .send({ csrfToken: csrf.token, email, callbackUrl, json: 'true' })
    .expect(status);
}

const forgot = (email: string) => request(identity.url).post('/api/auth/password/forgot').send({ email });

/** The link's path and query, to call identity with directly. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const signInMail = (m: InboxMessage) => m.subject === 'Your PODZ sign-in link';
const resetMail = (m: InboxMessage) => m.subject === 'Reset your PODZ password';
const verifyMail = (m: InboxMessage) => m.subject === 'Confirm your email address for PODZ';

/** The expiry of every link of the user moved into the past, as the clock would. */
const expireLinks = (userId: string) =>
  identity.context.db
    .collection('link_tokens')
    .updateMany({ holder: { $regex: `:${userId}$` } }, { $set: { expiresAt: new Date(Date.now() - 1000) } });

describe('sign-in by email link (NextAuth email provider)', () => {
  it('mails a one-time link that signs in, verifies the address, and is refused when replayed', async () => {
    const user = await client.register();
    const asked = await askSignInLink(user.email);
    expect(asked.body).toEqual({ url: 'http://podz.test/api/auth/verify-request?provider=email&type=email' });

    const mail = await inbox.waitFor(user.email, signInMail);
    expect(mail.from[0]!.address).toBe('no-reply@podz.localhost');
    expect(mail.html).toContain('Sign in to PODZ');
    const link = linkIn(mail, 'http://podz.test/api/auth/callback/email?');
    expect(new URL(link).searchParams.get('callbackUrl')).toBe('http://podz.test/mypodcasts');
    const token = new URL(link).searchParams.get('token')!;
    // The store keeps only a hash of it.
    const stored = await identity.context.db.collection('link_tokens').find({ email: user.email }).toArray();
    expect(stored.map((record) => record._id)).not.toContain(token);

    const used = await request(identity.url).get(pathOf(link)).expect(302);
    expect(used.headers.location).toBe('http://podz.test/mypodcasts');
    const session = setCookie(used, SESSION_COOKIE)!;
    const me = await request(identity.url).get('/api/user').set(bearer(session)).expect(200);
    expect(me.body.username).toBe(user.username);
    expect(me.body.emailVerified).toEqual(expect.any(String));

    const replayed = await request(identity.url).get(pathOf(link)).expect(302);
    expect(replayed.headers.location).toBe(
      'http://podz.test/api/auth/signin?error=Verification&provider=email',
    );
    expect(setCookie(replayed, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers the same for an address without an account, and mails it nothing', async () => {
    const user = await client.register();
    const stranger = `${uniqueUsername('nobody')}@example.org`;
    const [known, unknown] = await Promise.all([askSignInLink(user.email), askSignInLink(stranger)]);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await inbox.waitFor(user.email, signInMail);
    // The stranger's ask was answered first and composed beside the other: had it sent mail, it
    // would be there by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await inbox.messagesTo(stranger)).toEqual([]);
  });

  it('refuses an expired link, a link for another address, and a forged one', async () => {
    const user = await client.register();
    await askSignInLink(user.email);
    const link = new URL(linkIn(await inbox.waitFor(user.email, signInMail), 'http://podz.test/'));
    const forged = new URL(link);
    forged.searchParams.set('token', 'A'.repeat(43));
    const otherAddress = new URL(link);
    otherAddress.searchParams.set('email', `${uniqueUsername()}@example.org`);
    for (const url of [forged, otherAddress]) {
      const res = await request(identity.url).get(pathOf(url.href)).expect(302);
      expect(res.headers.location).toContain('error=Verification');
    }
    await expireLinks(user.id);
    const expired = await request(identity.url).get(pathOf(link.href)).expect(302);
    expect(expired.headers.location).toContain('error=Verification');
    expect(setCookie(expired, SESSION_COOKIE)).toBeUndefined();
  });

  it('lets only the newest link work when several were asked for', async () => {
    const user = await client.register();
    await askSignInLink(user.email);
    const first = linkIn(await inbox.waitFor(user.email, signInMail), 'http://podz.test/');
    await askSignInLink(user.email);
    const second = linkIn(await inbox.waitFor(user.email, signInMail, { count: 2 }), 'http://podz.test/');
    expect((await request(identity.url).get(pathOf(first)).expect(302)).headers.location).toContain(
      'error=Verification',
    );
    expect((await request(identity.url).get(pathOf(second)).expect(302)).headers.location).toBe(
      'http://podz.test/mypodcasts',
    );
  });

  it('keeps the callback on this site', async () => {
    const user = await client.register();
    await askSignInLink(user.email, 200, 'https://evil.example/steal');
    const link = linkIn(await inbox.waitFor(user.email, signInMail), 'http://podz.test/');
    expect((await request(identity.url).get(pathOf(link)).expect(302)).headers.location).toBe(
      'http://podz.test/',
    );
  });

  it('refuses a form without the CSRF token, and a malformed address, sending nothing', async () => {
    const user = await client.register();
    const res = await request(identity.url)
      .post('/api/auth/signin/email')
      .type('form')
      .send({ email: user.email, json: 'true' })
      .expect(403);
    expect(res.body.url).toBe('http://podz.test/api/auth/signin?error=MissingCSRF&provider=email');
    const csrf = await client.csrf();
    const bad = await request(identity.url)
      .post('/api/auth/signin/email')
      .set('cookie', csrf.cookie)
      .type('form')
      .send({ csrfToken: csrf.token, email: 'not an address', json: 'true' })
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await inbox.messagesTo(user.email)).filter(signInMail)).toEqual([]);
  });

  it('limits mail to one address per hour, account or not, with 429 and Retry-After', async () => {
    const user = await client.register();
    const stranger = `${uniqueUsername('nobody')}@example.org`;
    for (const address of [user.email, stranger]) {
      await askSignInLink(address);
      await forgot(address).expect(202);
      await askSignInLink(address);
      const refused = await askSignInLink(address, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(refused.body.url).toBe('http://podz.test/api/auth/signin?error=TooManyRequests&provider=email');
      const refusedReset = await forgot(address).expect(429);
      expect(refusedReset.body.code).toBe('RATE_LIMITED');
    }
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const user = await client.register();
    const session = await client.signIn(user.username, PASSWORD);
    const asked = await forgot(user.email.toUpperCase()).expect(202);
    const strangerAsked = await forgot(`${uniqueUsername('nobody')}@example.org`).expect(202);
    expect(strangerAsked.body).toEqual(asked.body);

    const link = new URL(
      linkIn(await inbox.waitFor(user.email, resetMail), 'http://podz.test/reset-password?'),
    );
    const token = link.searchParams.get('token')!;
    const email = link.searchParams.get('email')!;
    expect(email).toBe(user.email);

    const weak = await request(identity.url)
      .post('/api/auth/password/reset')
      .send({ email, token, password: 'short' })
      .expect(400);
    expect(weak.body.code).toBe('VALIDATION_FAILED');
    await request(identity.url)
      .post('/api/auth/password/reset')
      .send({ email, token, password: NEW_PASSWORD })
      .expect(204);

    // The old session is over, the old password refused, the new one accepted.
    await request(identity.url).get('/api/user').set(bearer(session)).expect(401);
    await expect(client.signIn(user.username, PASSWORD)).rejects.toThrow();
    const fresh = await client.signIn(user.username, NEW_PASSWORD);
    expect(
      (await request(identity.url).get('/api/user').set(bearer(fresh)).expect(200)).body.emailVerified,
    ).toEqual(expect.any(String));

    const replayed = await request(identity.url)
      .post('/api/auth/password/reset')
      .send({ email, token, password: 'another secret 99' })
      .expect(400);
    expect(replayed.body.error).toBe('This reset link is invalid, used or expired; ask for a new one');
    await client.signIn(user.username, NEW_PASSWORD);
  });

  it('refuses an expired reset link and leaves the password as it was', async () => {
    const user = await client.register();
    await forgot(user.email).expect(202);
    const link = new URL(
      linkIn(await inbox.waitFor(user.email, resetMail), 'http://podz.test/reset-password?'),
    );
    await expireLinks(user.id);
    await request(identity.url)
      .post('/api/auth/password/reset')
      .send({ email: user.email, token: link.searchParams.get('token'), password: NEW_PASSWORD })
      .expect(400);
    await client.signIn(user.username, PASSWORD);
  });

  it('refuses a sign-in link used as a reset link', async () => {
    const user = await client.register();
    await askSignInLink(user.email);
    const link = new URL(linkIn(await inbox.waitFor(user.email, signInMail), 'http://podz.test/'));
    await request(identity.url)
      .post('/api/auth/password/reset')
      .send({ email: user.email, token: link.searchParams.get('token'), password: NEW_PASSWORD })
      .expect(400);
    // Still good for what it was made for.
    expect((await request(identity.url).get(pathOf(link.href)).expect(302)).headers.location).toBe(
      'http://podz.test/mypodcasts',
    );
  });
});

describe('address verification', () => {
  it('mails a link at sign-up that verifies the address once', async () => {
    const user = await client.register();
    const session = await client.signIn(user.username, PASSWORD);
    const me = () => request(identity.url).get('/api/user').set(bearer(session)).expect(200);
    expect((await me()).body.emailVerified).toBeNull();
    expect(
      (await request(identity.url).get('/api/auth/session').set(bearer(session))).body.user.emailVerified,
    ).toBeNull();

    const link = linkIn(
      await inbox.waitFor(user.email, verifyMail),
      'http://podz.test/api/auth/verify-email?',
    );
    expect((await request(identity.url).get(pathOf(link)).expect(302)).headers.location).toBe(
      '/verify-email?result=verified',
    );
    expect((await me()).body.emailVerified).toEqual(expect.any(String));
    expect(
      (await request(identity.url).get('/api/auth/session').set(bearer(session))).body.user.emailVerified,
    ).toEqual(expect.any(String));
    expect((await request(identity.url).get(pathOf(link)).expect(302)).headers.location).toBe(
      '/verify-email?result=invalid',
    );
  });

  it('sends the link again on request, and nothing once verified', async () => {
    const user = await client.register();
    const session = await client.signIn(user.username, PASSWORD);
    await inbox.waitFor(user.email, verifyMail);
    await request(identity.url).post('/api/auth/verify-email').expect(401);
    const again = await request(identity.url).post('/api/auth/verify-email').set(bearer(session)).expect(202);
    expect(again.body.message).toMatch(/on its way/);
    const second = await inbox.waitFor(user.email, verifyMail, { count: 2 });
    await request(identity.url)
      .get(pathOf(linkIn(second, 'http://podz.test/')))
      .expect(302);
    expect((await request(identity.url).get('/api/user').set(bearer(session))).body.emailVerified).toEqual(
      expect.any(String),
    );
  });

  it('makes a changed address unverified until the link sent to it is opened', async () => {
    const user = await client.register();
    const session = await client.signIn(user.username, PASSWORD);
    const oldLink = linkIn(await inbox.waitFor(user.email, verifyMail), 'http://podz.test/');
    const newEmail = `${uniqueUsername('moved')}@example.org`;

    const noPassword = await request(identity.url)
      .patch(`/api/users/${user.id}`)
      .set(bearer(session))
      .send({ email: newEmail })
      .expect(400);
    expect(noPassword.body.code).toBe('VALIDATION_FAILED');
    const changed = await request(identity.url)
      .patch(`/api/users/${user.id}`)
      .set(bearer(session))
      .send({ email: newEmail, currentPassword: PASSWORD })
      .expect(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailVerified: null });

    // The link sent to the old address no longer verifies anything.
    expect((await request(identity.url).get(pathOf(oldLink)).expect(302)).headers.location).toBe(
      '/verify-email?result=invalid',
    );
    const link = linkIn(await inbox.waitFor(newEmail, verifyMail), 'http://podz.test/');
    expect((await request(identity.url).get(pathOf(link)).expect(302)).headers.location).toBe(
      '/verify-email?result=verified',
    );
    expect((await request(identity.url).get('/api/user').set(bearer(session))).body).toMatchObject({
      email: newEmail,
      emailVerified: expect.any(String),
    });
  });
});
