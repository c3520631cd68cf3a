import bcrypt from 'bcrypt';
import request from 'supertest';
import { loadConfig } from '@podz/kit';
import { readTopic, testInfra, testServiceEnv, type ReadMessage, testTopic } from '@podz/kit/testing';
import { TOPICS, envelopeSchema, findEventDefinition } from '@podz/proto';
import { identityConfigSchema } from '../src/config';
import {
  ADMIN,
  IdentityClient,
  PASSWORD,
  bearer,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from './support/identity-harness';

let identity: TestIdentity;
let client: IdentityClient;

beforeAll(async () => {
  identity = await startTestIdentity({ BCRYPT_COST: '5', DEMO_ACCOUNTS_PASSWORD: 'demo password 1' });
  client = new IdentityClient(identity.url);
});
afterAll(() => stopTestIdentity(identity));

describe('events on identity.user.v1', () => {
  it('publishes registered, updated, plan-changed, access-changed and deleted, in order, valid, without secrets', async () => {
    const admin = await client.signIn(ADMIN.username, ADMIN.password);
    const user = await client.register();
    const token = await client.signIn(user.username, PASSWORD);
    const api = () => request(identity.url);
    await api().patch(`/api/users/${user.id}`).set(bearer(token)).send({ bio: 'New bio' }).expect(200);
    await api().patch(`/api/users/${user.id}/plan`).set(bearer(admin)).send({ plan: 'pro' }).expect(200);
    await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ role: 'user', access: ['user', 'owner'] })
      .expect(200);
    await api().delete(`/api/users/${user.id}`).set(bearer(admin)).expect(204);

    const expected = ['registered', 'updated', 'plan-changed', 'access-changed', 'deleted'].map(
      (what) => `podz.identity.user.${what}`,
    );
    const mine = (messages: ReadMessage[]) => messages.filter((m) => m.key === user.id);
    const messages = mine(
      await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.identityUser), {
        until: (seen) => mine(seen).length >= expected.length,
        timeoutMs: 20_000,
      }),
    );
    const envelopes = messages.map((m) => envelopeSchema.parse(JSON.parse(m.value!)));
    expect(envelopes.map((e) => e.type)).toEqual(expected);
    for (const envelope of envelopes) {
      expect(envelope).toMatchObject({ source: 'identity', subject: user.id });
      expect(findEventDefinition(envelope.type)!.data.safeParse(envelope.data).success).toBe(true);
    }
    expect(envelopes[3]!.data).toEqual({
      userId: user.id,
      role: 'user',
      access: ['user', 'owner'],
      previousAccess: ['user'],
    });
    const raw = messages.map((m) => m.value).join('\n');
    expect(raw).not.toMatch(/passwordHash|\$2[aby]\$|@example\.org/);
  });
});

describe('passwords', () => {
  it('are stored only as bcrypt hashes at the configured cost', async () => {
    const user = await client.register();
    const stored = await identity.context.db
      .collection('users')
      .findOne({ usernameKey: user.username.toLowerCase() });
    expect(stored!.passwordHash).toMatch(/^\$2b\$05\$/);
    expect(await bcrypt.compare(PASSWORD, stored!.passwordHash)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('clamp the configured cost into 4..31 and default to 10', () => {
    const cost = (value?: string) =>
      loadConfig(
        identityConfigSchema,
        testServiceEnv('identity', value === undefined ? {} : { BCRYPT_COST: value }),
      ).BCRYPT_COST;
    expect(cost('2')).toBe(4);
    expect(cost('99')).toBe(31);
    expect(cost('12')).toBe(12);
    expect(cost('not a number')).toBe(10);
    expect(
      loadConfig(identityConfigSchema, { ...testServiceEnv('identity'), BCRYPT_COST: undefined }).BCRYPT_COST,
    ).toBe(10);
  });
});

describe('demo accounts', () => {
  it('exist for every role when DEMO_ACCOUNTS_PASSWORD is set, and sign in', async () => {
    for (const role of ['admin', 'editor', 'user', 'owner', 'host', 'guest']) {
      const token = await client.signIn(`demo-${role}`, 'demo password 1');
      const res = await request(identity.url).get('/api/user').set(bearer(token)).expect(200);
      expect(res.body.access).toContain(role);
    }
  });
});
