import request from 'supertest';
import { Types } from 'mongoose';
import { pendingEvent } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import {
  fullUserSchema,
  paymentCompleted,
  publicUserSchema,
  subscriptionEnded,
  type EventData,
} from '@podz/proto';
import {
  ADMIN,
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
let admin: string;
const api = () => request(identity.url);

beforeAll(async () => {
  identity = await startTestIdentity();
  client = new IdentityClient(identity.url);
  admin = await client.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => stopTestIdentity(identity));

const PUBLIC_KEYS = Object.keys(publicUserSchema.shape).sort();
const FULL_KEYS = Object.keys(fullUserSchema.shape).sort();
const SECRET_FIELDS = /passwordHash|password|sessionVersion|usernameKey|outbox|\$2[aby]\$/;

describe('first run', () => {
  it('created the admin from ADMIN_EMAIL / ADMIN_PASSWORD, once', async () => {
    const res = await api().get('/api/user').set(bearer(admin)).expect(200);
    expect(res.body).toMatchObject({
      username: 'admin',
      email: ADMIN.email,
      role: 'admin',
      access: ['admin'],
    });
    const again = await startTestIdentity(
      { MONGO_DB: identity.context.config.MONGO_DB, PORT: '0' },
      { plans: false },
    );
    await again.stop();
    const admins = await api().get('/api/users/user-count?userType=admin').set(bearer(admin)).expect(200);
    expect(admins.body).toEqual({ userCount: 1 });
  });
});

describe('POST /api/auth/register', () => {
  it('creates a user with role user and access [user], answering the full record without the hash', async () => {
    const username = uniqueUsername('Reg');
    const res = await api()
      .post('/api/auth/register')
      .send({ username, email: `${username}@Example.ORG`, password: PASSWORD })
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      username,
      email: `${username.toLowerCase()}@example.org`,
      role: 'user',
      access: ['user'],
    });
    expect(res.body._id).toBe(res.body.id);
    expect(res.body.profilePicture).toBe('/images/default-profile.svg');
    expect(JSON.stringify(res.body)).not.toMatch(SECRET_FIELDS);
  });

  it('answers 400 with a clear message for each weak field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ username: 'ab', email: 'a@b.org', password: PASSWORD }, /at least 3 characters/],
      [{ username: 'has space', email: 'a@b.org', password: PASSWORD }, /letters, digits/],
      [{ username: uniqueUsername(), email: 'not-an-email', password: PASSWORD }, /valid email/],
      [{ username: uniqueUsername(), email: 'a@b.org', password: 'short1' }, /at least 8 characters/],
      [{ username: uniqueUsername(), email: 'a@b.org', password: 'onlyletters' }, /letter and one digit/],
      [{ username: uniqueUsername(), email: 'a@b.org', password: `1${'é'.repeat(40)}` }, /at most 72 bytes/],
      [
        { username: uniqueUsername(), email: 'a@b.org', password: PASSWORD, role: 'admin' },
        /Unrecognized key/,
      ],
      // The people pages' own names: /people/hosts is the hosts' list, never a person.
      [{ username: 'Hosts', email: 'a@b.org', password: PASSWORD }, /taken by a page of the site/],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/api/auth/register').send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(message);
    }
  });

  it('answers 409 for a taken username (any case) or email, and 415 for a form post', async () => {
    const user = await client.register();
    const taken = await api()
      .post('/api/auth/register')
      .send({ username: user.username.toUpperCase(), email: 'other@example.org', password: PASSWORD })
      .expect(409);
    expect(taken.body.error).toBe('That username is taken');
    const email = await api()
      .post('/api/auth/register')
      .send({ username: uniqueUsername(), email: user.email.toUpperCase(), password: PASSWORD })
      .expect(409);
    expect(email.body.error).toBe('That email address is already registered');
    await api().post('/api/auth/register').type('form').send({ username: 'x' }).expect(415);
  });
});

describe('GET /api/user and GET /api/users/{id}', () => {
  it('GET /api/user is the caller, in full; 401 without a session', async () => {
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const res = await api().get('/api/user').set(bearer(token)).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body.id).toBe(user.id);
    expect((await api().get('/api/user').expect(401)).body.code).toBe('UNAUTHENTICATED');
  });

  it('shows the public projection to others, the full record to self and admin, 404 for nobody', async () => {
    const user = await client.register();
    const other = await client.register();
    const otherToken = await client.signIn(other.username, PASSWORD);
    const self = await client.signIn(user.username, PASSWORD);
    const anonymous = await api().get(`/api/users/${user.id}`).expect(200);
    expect(Object.keys(anonymous.body).sort()).toEqual(PUBLIC_KEYS);
    const asOther = await api().get(`/api/users/${user.id}`).set(bearer(otherToken)).expect(200);
    expect(Object.keys(asOther.body).sort()).toEqual(PUBLIC_KEYS);
    for (const token of [self, admin]) {
      const res = await api().get(`/api/users/${user.id}`).set(bearer(token)).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
      expect(JSON.stringify(res.body)).not.toMatch(SECRET_FIELDS);
    }
    await api().get('/api/users/0123456789abcdef01234567').expect(404);
  });

  it('finds a person by their name in any case, for their page: public fields only, 404 for nobody', async () => {
    const user = await client.register();
    const res = await api().get(`/api/users/name/${user.username.toUpperCase()}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    const own = await client.signIn(user.username, PASSWORD);
    const asSelf = await api().get(`/api/users/name/${user.username}`).set(bearer(own)).expect(200);
    expect(JSON.stringify(asSelf.body)).not.toMatch(SECRET_FIELDS);
    await api().get('/api/users/name/nobody-by-this-name').expect(404);
    await api()
      .get(`/api/users/name/${'x'.repeat(31)}`)
      .expect(400);
  });
});

describe('GET /api/users and /api/users/user-count', () => {
  it('lists hosts, guests and crew publicly, paginated, and everything to admins', async () => {
    const host = await client.userWith(admin, 'user', ['user', 'host']);
    const guest = await client.userWith(admin, 'user', ['user', 'guest']);
    const editor = await client.userWith(admin, 'editor');
    const hosts = await api().get('/api/users?userType=host&limit=100').expect(200);
    expect(hosts.body).toMatchObject({
      page: 1,
      limit: 100,
      total: expect.any(Number),
      totalPages: expect.any(Number),
    });
    expect(hosts.body.items.map((u: { id: string }) => u.id)).toContain(host.id);
    expect(hosts.body.items.every((u: { access: string[] }) => u.access.includes('host'))).toBe(true);
    expect(Object.keys(hosts.body.items[0]).sort()).toEqual(PUBLIC_KEYS);
    const guests = await api().get('/api/users?userType=guest&limit=100').expect(200);
    expect(guests.body.items.map((u: { id: string }) => u.id)).toContain(guest.id);
    const crew = await api().get('/api/users?userType=crew&limit=100').expect(200);
    const crewIds = crew.body.items.map((u: { id: string }) => u.id);
    expect(crewIds).toContain(editor.id);
    expect(crewIds).not.toContain(host.id);

    const page = await api().get('/api/users?userType=crew&limit=1&page=2').expect(200);
    expect(page.body).toMatchObject({
      page: 2,
      limit: 1,
      total: crew.body.total,
      totalPages: crew.body.total,
    });
    expect(page.body.items).toHaveLength(1);

    const all = await api().get('/api/users?limit=100').set(bearer(admin)).expect(200);
    expect(Object.keys(all.body.items[0]).sort()).toEqual(FULL_KEYS);
    const users = await api().get('/api/users?userType=user&limit=100').set(bearer(admin)).expect(200);
    expect(users.body.items.every((u: { access: string[] }) => u.access.includes('user'))).toBe(true);
  });

  it('refuses other types to non-admins: 400 without a type, 401 anonymous, 403 signed in', async () => {
    const user = await client.userWith(admin, 'user');
    expect((await api().get('/api/users').expect(400)).body.error).toMatch(/userType is required/);
    await api().get('/api/users?userType=user').expect(401);
    await api().get('/api/users?userType=admin').set(bearer(user.token)).expect(403);
    await api().get('/api/users?userType=robots').expect(400);
    await api().get('/api/users?userType=host&limit=1000').expect(400);
    await api().get('/api/users/user-count?userType=owner').set(bearer(user.token)).expect(403);
  });

  it('lets a signed-in member find anyone by a name prefix, with public fields only', async () => {
    const member = await client.userWith(admin, 'user');
    const target = await client.userWith(admin, 'user');
    const prefix = target.username;
    const found = await api().get(`/api/users?search=${prefix}`).set(bearer(member.token)).expect(200);
    expect(found.body.items.map((u: { username: string }) => u.username)).toContain(target.username);
    expect(Object.keys(found.body.items[0]).sort()).toEqual(PUBLIC_KEYS);
    await api().get(`/api/users?search=${prefix}`).expect(400);
    await api().get('/api/users?search=a').set(bearer(member.token)).expect(400);
  });

  it('counts users by type', async () => {
    const before = (await api().get('/api/users/user-count?userType=guest').expect(200)).body.userCount;
    await client.userWith(admin, 'user', ['user', 'guest']);
    const after = await api().get('/api/users/user-count?userType=guest').expect(200);
    expect(after.body).toEqual({ userCount: before + 1 });
  });
});

describe('PATCH /api/users/{id}', () => {
  it('lets the user change their profile; others get 403', async () => {
    const user = await client.userWith(admin, 'user');
    const other = await client.userWith(admin, 'user');
    const name = uniqueUsername('renamed');
    const res = await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({
        username: name,
        bio: 'Hosts a show.',
        links: ['https://example.org/me'],
        profilePicture: '/media/me.png',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      username: name,
      bio: 'Hosts a show.',
      links: ['https://example.org/me'],
      profilePicture: '/media/me.png',
    });
    await api().patch(`/api/users/${user.id}`).set(bearer(other.token)).send({ bio: 'mine now' }).expect(403);
    await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ bio: 'edited by admin' })
      .expect(200);
    await api()
      .patch(`/api/users/${other.id}`)
      .set(bearer(user.token))
      .send({ username: other.username })
      .expect(403);
    await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ username: ADMIN.username.toUpperCase() })
      .expect(409);
    await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ profilePicture: 'javascript:alert(1)' })
      .expect(400);
  });

  it('changes the password only with the current one, revoking old sessions and renewing this one', async () => {
    const user = await client.userWith(admin, 'user');
    const body = { password: 'brand new pass 7' };
    await api().patch(`/api/users/${user.id}`).set(bearer(user.token)).send(body).expect(400);
    const wrong = await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ ...body, currentPassword: 'nope' })
      .expect(400);
    expect(wrong.body.error).toBe('Your current password is not correct');
    await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ ...body, currentPassword: PASSWORD })
      .expect(403);
    const res = await api()
      .patch(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ ...body, currentPassword: PASSWORD })
      .expect(200);
    const renewed = setCookie(res, 'podz.session-token')!;
    // Straight to the service a revoked token is refused; through the gateway it reads as signed out.
    await api().get('/api/auth/session').set(bearer(user.token)).expect(401);
    expect((await api().get('/api/auth/session').set(bearer(renewed)).expect(200)).body.user.id).toBe(
      user.id,
    );
    await client.signIn(user.username, body.password);
  });
});

describe('PATCH /api/users/{id}/plan', () => {
  const setPlan = (token: string, id: string, plan: string) =>
    api().patch(`/api/users/${id}/plan`).set(bearer(token)).send({ plan });
  const planOf = async (id: string) =>
    (await api().get(`/api/users/${id}`).set(bearer(admin)).expect(200)).body.plan as string;

  it('lets a member move only themselves, only to a free plan; a paid one is bought, not asked for', async () => {
    const user = await client.userWith(admin, 'user');
    const other = await client.userWith(admin, 'user');
    const paid = await setPlan(user.token, user.id, 'pro').expect(403);
    expect(paid.body).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Pro is a paid plan: buy it on the pricing page',
    });
    await setPlan(user.token, user.id, 'retired').expect(403);
    expect(await planOf(user.id)).toBe('free');
    await setPlan(user.token, other.id, 'free').expect(403);

    await setPlan(admin, user.id, 'network').expect(200);
    expect((await setPlan(user.token, user.id, 'free').expect(200)).body.plan).toBe('free');
  });

  it('refuses a slug content does not offer with 400, for members and admins, changing nothing', async () => {
    const user = await client.userWith(admin, 'user');
    for (const [token, plan] of [
      [user.token, 'admin'],
      [user.token, 'platinum'],
      [admin, 'platinum'],
    ] as const) {
      const res = await setPlan(token, user.id, plan).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: `There is no plan named ${plan}`,
        details: [{ path: 'plan', message: expect.any(String) }],
      });
    }
    await setPlan(admin, user.id, 'Not A Plan!').expect(400);
    await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ id: user.id, plan: 'platinum' })
      .expect(400);
    expect(await planOf(user.id)).toBe('free');
  });

  it('lets an admin put anyone on any plan content has, an inactive one included', async () => {
    const user = await client.userWith(admin, 'user');
    expect((await setPlan(admin, user.id, 'pro').expect(200)).body.plan).toBe('pro');
    expect((await setPlan(admin, user.id, 'retired').expect(200)).body.plan).toBe('retired');
    expect(await planOf(user.id)).toBe('retired');
  });

  it("applies billing's verified payment once: a redelivery does not undo a later change", async () => {
    const user = await client.userWith(admin, 'user');
    const paymentId = new Types.ObjectId().toHexString();
    const paid: EventData<typeof paymentCompleted> = {
      paymentId,
      kind: 'checkout',
      userId: user.id,
      plan: 'network',
      amount: '29.99',
      currency: 'USD',
      orderId: '5O190127TN364715T',
      captureId: '3C679366HH908993F',
    };
    const payment = pendingEvent(paymentCompleted, paymentId, paid);
    await identity.context.producer.publish([payment]);
    await eventually('the paid plan to be applied', async () => (await planOf(user.id)) === 'network');
    await setPlan(user.token, user.id, 'free').expect(200);
    // The same event again, then another on its partition (same key): once the second is applied,
    // the replay before it has been handled.
    const other = await client.userWith(admin, 'user');
    await identity.context.producer.publish([
      payment,
      pendingEvent(paymentCompleted, paymentId, { ...paid, userId: other.id }),
    ]);
    await eventually('the later payment to be applied', async () => (await planOf(other.id)) === 'network');
    expect(await planOf(user.id)).toBe('free');
  });

  it('changes no plan for a renewal, and moves a member whose plan ran out back to free', async () => {
    const [lapsed, moved] = [await client.userWith(admin, 'user'), await client.userWith(admin, 'user')];
    await setPlan(admin, lapsed.id, 'pro').expect(200);
    await setPlan(admin, moved.id, 'network').expect(200);
    const renewal = (userId: string) => {
      const paymentId = new Types.ObjectId().toHexString();
      return pendingEvent(paymentCompleted, paymentId, {
        paymentId,
        kind: 'renewal',
        userId,
        plan: 'network',
        amount: '29.99',
        currency: 'USD',
        orderId: '8MC585209K746392H',
        captureId: '4L335234718889942',
      });
    };
    const ended = (userId: string, plan: string) =>
      pendingEvent(subscriptionEnded, userId, {
        userId,
        plan,
        reason: 'payment-failed',
        paidThrough: new Date().toISOString(),
      });
    // A renewal of a plan the member does not hold moves nobody; an end of a plan they left
    // (an admin moved them) leaves them where they are.
    await identity.context.producer.publish([
      renewal(lapsed.id),
      ended(moved.id, 'pro'),
      ended(lapsed.id, 'pro'),
    ]);
    await eventually('the lapsed plan to end', async () => (await planOf(lapsed.id)) === 'free');
    expect(await planOf(moved.id)).toBe('network');
  });
});

describe('admin-added-user', () => {
  it('POST creates a user with role and access (role always included); PUT edits any field', async () => {
    const username = uniqueUsername('added');
    const created = await api()
      .post('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({
        username,
        email: `${username}@example.org`,
        password: PASSWORD,
        role: 'owner',
        access: ['user'],
      })
      .expect(201);
    expect(created.body).toMatchObject({ role: 'owner', access: ['owner', 'user'] });
    const edited = await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({
        id: created.body.id,
        email: `${username}@new.example.org`,
        access: ['user', 'host'],
        plan: 'pro',
        password: 'set by admin 1',
      })
      .expect(200);
    expect(edited.body).toMatchObject({
      email: `${username}@new.example.org`,
      role: 'owner',
      access: ['owner', 'user', 'host'],
      plan: 'pro',
    });
    await client.signIn(username, 'set by admin 1');
    await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ id: '0123456789abcdef01234567', bio: 'x' })
      .expect(404);
    await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ id: created.body.id, email: ADMIN.email })
      .expect(409);
  });

  it('is for admins only', async () => {
    const user = await client.userWith(admin, 'editor');
    await api().post('/api/users/admin-added-user').set(bearer(user.token)).send({}).expect(403);
    await api().put('/api/users/admin-added-user').send({}).expect(401);
  });
});

describe('PUT /api/users/{id}', () => {
  it('sets role and access, revoking the user’s sessions; keeps at least one admin', async () => {
    const user = await client.userWith(admin, 'user');
    const res = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ role: 'user', access: ['user', 'owner'] })
      .expect(200);
    expect(res.body.access).toEqual(['user', 'owner']);
    await api().get('/api/user').set(bearer(user.token)).expect(401);
    await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ role: 'admin', access: ['admin'] })
      .expect(401);
    const adminId = (await api().get('/api/user').set(bearer(admin)).expect(200)).body.id;
    const last = await api()
      .put(`/api/users/${adminId}`)
      .set(bearer(admin))
      .send({ role: 'user', access: ['user'] })
      .expect(409);
    expect(last.body.error).toMatch(/at least one admin/);
    await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ role: 'root', access: ['user'] })
      .expect(400);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('lets users delete themselves with their password, and admins delete anyone; sessions end at once', async () => {
    const user = await client.userWith(admin, 'user');
    await api().delete(`/api/users/${user.id}`).set(bearer(user.token)).send({}).expect(400);
    await api()
      .delete(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ password: 'wrong one 1' })
      .expect(400);
    await api()
      .delete(`/api/users/${user.id}`)
      .set(bearer(user.token))
      .send({ password: PASSWORD })
      .expect(204);
    await api().get(`/api/users/${user.id}`).expect(404);
    await api().get('/api/user').set(bearer(user.token)).expect(401);
    const csrf = await client.csrf();
    await request(identity.url)
      .post('/api/auth/callback/credentials')
      .set('cookie', csrf.cookie)
      .type('form')
      .send({ csrfToken: csrf.token, username: user.username, password: PASSWORD, json: 'true' })
      .expect(401);

    const victim = await client.userWith(admin, 'guest');
    const bystander = await client.userWith(admin, 'user');
    await api().delete(`/api/users/${victim.id}`).set(bearer(bystander.token)).send({}).expect(403);
    await api().delete(`/api/users/${victim.id}`).set(bearer(admin)).expect(204);
    await api().delete(`/api/users/${victim.id}`).set(bearer(admin)).expect(404);
    const adminId = (await api().get('/api/user').set(bearer(admin)).expect(200)).body.id;
    await api().delete(`/api/users/${adminId}`).set(bearer(admin)).expect(409);
  });

  it('frees the username and email of a deleted account', async () => {
    const user = await client.userWith(admin, 'user');
    await api().delete(`/api/users/${user.id}`).set(bearer(admin)).expect(204);
    await client.register({ username: user.username, email: `${user.username}@example.org` });
  });
});

describe('DELETE /api/user/sessions', () => {
  it('signs the user out everywhere', async () => {
    const user = await client.userWith(admin, 'user');
    const second = await client.signIn(user.username, PASSWORD);
    await api().delete('/api/user/sessions').set(bearer(user.token)).expect(204);
    for (const token of [user.token, second]) await api().get('/api/user').set(bearer(token)).expect(401);
  });
});
