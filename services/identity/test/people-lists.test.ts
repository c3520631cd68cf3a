import request from 'supertest';
import { Types } from 'mongoose';
import { newWithEvents, pendingEvent } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import { userRegistered } from '@podz/proto';
import {
  ADMIN,
  IdentityClient,
  bearer,
  startTestIdentity,
  stopTestIdentity,
  uniqueUsername,
  type TestIdentity,
} from './support/identity-harness';
import type { UserModel } from '../src/data/user-model';

// People pages, name search and counts are read from identity's lists in Redis (people-lists.ts),
// not sorted and counted over the users collection. These tests show where the answers come from
// and that the lists follow the store: writes, identity's own events, rebuilds and stale entries.

let identity: TestIdentity;
let client: IdentityClient;
let admin: string;
let users: UserModel;
const api = () => request(identity.url);
const listPrefix = () => `identity:${identity.context.db.name}:lists`;

beforeAll(async () => {
  identity = await startTestIdentity();
  client = new IdentityClient(identity.url);
  admin = await client.signIn(ADMIN.username, ADMIN.password);
  users = identity.context.db.model('User') as UserModel;
});
afterAll(() => stopTestIdentity(identity));

const hostIds = async () =>
  ((await api().get('/api/users?userType=host&limit=100').expect(200)).body.items as { id: string }[]).map(
    (user) => user.id,
  );
const hostCount = async () =>
  (await api().get('/api/users/user-count?userType=host').expect(200)).body.userCount as number;

/** A host put in the store behind identity's back, with (or without) the event a write would carry. */
async function hostInTheStore(withEvent: boolean): Promise<string> {
  const _id = new Types.ObjectId();
  const username = uniqueUsername('stored');
  const id = _id.toHexString();
  const events = withEvent
    ? [
        pendingEvent(userRegistered, id, {
          userId: id,
          username,
          profilePicture: '/images/default-profile.svg',
          role: 'user',
          access: ['user', 'host'],
          plan: 'free',
        }),
      ]
    : [];
  await users.create(
    newWithEvents(
      {
        _id,
        username,
        usernameKey: username,
        email: `${username}@example.org`,
        passwordHash: '!',
        role: 'user',
        access: ['user', 'host'],
      },
      events,
    ),
  );
  return id;
}

describe('the people lists', () => {
  it('answer pages and counts: a user the store holds but no write or event placed is not listed', async () => {
    const placed = await client.userWith(admin, 'user', ['user', 'host']);
    const before = await hostCount();
    const unplaced = await hostInTheStore(false);
    const ids = await hostIds();
    expect(ids).toContain(placed.id);
    expect(ids).not.toContain(unplaced);
    expect(await hostCount()).toBe(before);
  });

  it('follow every write: an access change moves a user between types, a deletion takes them out', async () => {
    const user = await client.userWith(admin, 'user', ['user', 'host']);
    const hosts = await hostCount();
    expect(await hostIds()).toContain(user.id);
    await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ id: user.id, role: 'user', access: ['user', 'guest'] })
      .expect(200);
    expect(await hostIds()).not.toContain(user.id);
    expect(await hostCount()).toBe(hosts - 1);
    const guests = await api().get('/api/users?userType=guest&limit=100').expect(200);
    expect(guests.body.items.map((u: { id: string }) => u.id)).toContain(user.id);
    await api().delete(`/api/users/${user.id}`).set(bearer(admin)).expect(204);
    const after = await api().get('/api/users?userType=guest&limit=100').expect(200);
    expect(after.body.items.map((u: { id: string }) => u.id)).not.toContain(user.id);
  });

  it("place a user written elsewhere from identity's own event", async () => {
    const id = await hostInTheStore(true);
    // Identity's relay publishes the outbox it finds; identity's list upkeep places the user.
    identity.context.relay.kick();
    await eventually('the stored host is listed from its event', async () => (await hostIds()).includes(id));
  });

  it('never show an entry the store no longer backs, and take it out', async () => {
    const user = await client.userWith(admin, 'user', ['user', 'host']);
    expect(await hostIds()).toContain(user.id);
    await users.updateOne({ _id: new Types.ObjectId(user.id) }, { $set: { deletedAt: new Date() } });
    expect(await hostIds()).not.toContain(user.id);
    await eventually('the stale entry is gone from Redis', async () => {
      const members = await identity.context.redis.zrange(`${listPrefix()}:people:type:host`, 0, -1);
      return !members.some((member) => member.endsWith(user.id));
    });
  });

  it('are rebuilt from the store when Redis loses them, answering from the store meanwhile', async () => {
    const unplaced = await hostInTheStore(false);
    const redis = identity.context.redis;
    const keys = await redis.keys(`${listPrefix()}:*`);
    await redis.del(...keys);
    // Not built: the answer comes from the store, which holds the unplaced host too.
    expect(await hostIds()).toContain(unplaced);
    await eventually('the lists are built again', async () =>
      Boolean(await redis.exists(`${listPrefix()}:built:people:all`)),
    );
    expect(await hostIds()).toContain(unplaced);
    expect(await hostCount()).toBe(await users.countDocuments({ access: 'host', deletedAt: null }));
  });

  it('filter by plan and find by email prefix for admins only; a plan change moves the user', async () => {
    const user = await client.userWith(admin, 'user', ['user', 'host']);
    const ids = async (query: string) =>
      (
        (await api().get(`/api/users?${query}&limit=100`).set(bearer(admin)).expect(200)).body.items as {
          id: string;
        }[]
      ).map((found) => found.id);
    expect(await ids('plan=free&userType=host')).toContain(user.id);
    expect(await ids('plan=pro')).not.toContain(user.id);
    await api()
      .put('/api/users/admin-added-user')
      .set(bearer(admin))
      .send({ id: user.id, plan: 'pro' })
      .expect(200);
    expect(await ids('plan=pro')).toContain(user.id);
    expect(await ids(`plan=pro&userType=host&search=${user.username.slice(0, 6)}`)).toContain(user.id);
    expect(await ids('plan=free&userType=host')).not.toContain(user.id);

    const email = (await api().get(`/api/users/${user.id}`).set(bearer(admin)).expect(200)).body
      .email as string;
    expect(
      await ids(`searchBy=email&search=${encodeURIComponent(email.slice(0, 10).toUpperCase())}`),
    ).toContain(user.id);
    expect(await ids('searchBy=email&search=nobody-has-this@')).toEqual([]);

    const asMember = user.token;
    await api().get('/api/users?plan=free').set(bearer(asMember)).expect(403);
    await api()
      .get(`/api/users?searchBy=email&search=${email.slice(0, 4)}`)
      .set(bearer(asMember))
      .expect(403);
    await api().get('/api/users?plan=free').expect(401);
    const mixed = await api()
      .get('/api/users?searchBy=email&search=a&userType=host')
      .set(bearer(admin))
      .expect(400);
    expect(mixed.body.error).toBe('An email search covers everyone: leave out userType and plan');
    await api().get('/api/users?plan=Not%20A%20Plan').set(bearer(admin)).expect(400);
  });
});
