import request from 'supertest';
import { eventually, readTopic, testInfra, type ReadMessage, testTopic } from '@podz/kit/testing';
import { SESSION_COOKIE, TOPICS, envelopeSchema, findEventDefinition } from '@podz/proto';
import { setCookie } from '../../identity/test/support/identity-harness';
import { bearer, RequestsPlatform, type Member } from './support/requests-harness';

let platform: RequestsPlatform;
let admin: Member;
const api = () => request(platform.url);
const identity = () => request(platform.people.identity.url);

beforeAll(async () => {
  platform = await RequestsPlatform.start();
  admin = await platform.member('admin');
});
afterAll(() => platform?.stop());

async function ask(by: Member, role: 'owner' | 'guest') {
  return (await api().post('/api/requests/single-request').set(bearer(by.token)).send({ role }).expect(201))
    .body as { id: string };
}

const review = (id: string, status: 'approved' | 'rejected', note = '') =>
  api().put(`/api/requests/${id}`).set(bearer(admin.token)).send({ status, note }).expect(200);

describe('request events', () => {
  it('publishes valid events, in order per request, keyed by the request', async () => {
    const ana = await platform.member('user');
    const approved = await ask(ana, 'owner');
    await api()
      .put(`/api/requests/user?requestId=${approved.id}`)
      .set(bearer(ana.token))
      .send({ message: 'More detail' })
      .expect(200);
    await review(approved.id, 'approved', 'Welcome');
    const rejected = await ask(ana, 'guest');
    await review(rejected.id, 'rejected', 'Not yet');
    await api().delete(`/api/requests/${rejected.id}`).set(bearer(ana.token)).expect(204);

    const wanted = [
      [approved.id, 'podz.requests.request.created'],
      [approved.id, 'podz.requests.request.updated'],
      [approved.id, 'podz.requests.request.approved'],
      [rejected.id, 'podz.requests.request.created'],
      [rejected.id, 'podz.requests.request.rejected'],
      [rejected.id, 'podz.requests.request.deleted'],
    ];
    const ours = (messages: ReadMessage[]) =>
      messages.filter((message) => message.key === approved.id || message.key === rejected.id);
    const messages = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.requestsRequest), {
      until: (seen) => ours(seen).length >= wanted.length,
      timeoutMs: 20_000,
    });
    const envelopes = ours(messages).map((message) => envelopeSchema.parse(JSON.parse(message.value!)));
    // Kafka orders events per key (one partition each), not across requests.
    const inOrderOf = (id: string) =>
      envelopes
        .filter((envelope) => envelope.subject === id)
        .map((envelope) => [envelope.subject, envelope.type]);
    expect([...inOrderOf(approved.id), ...inOrderOf(rejected.id)]).toEqual(wanted);
    for (const envelope of envelopes) {
      expect(findEventDefinition(envelope.type)!.data.safeParse(envelope.data).success).toBe(true);
      expect(envelope.data).toMatchObject({ userId: ana.id, username: ana.username });
    }
    expect(envelopes.find((envelope) => envelope.type.endsWith('.approved'))!.data).toMatchObject({
      role: 'owner',
      status: 'approved',
      reviewerId: admin.id,
      note: 'Welcome',
    });
  });
});

describe('the grant, in identity', () => {
  it.each(['owner', 'guest'] as const)(
    'adds %s to the access of an approved requester, whose next session read carries it',
    async (role) => {
      const bo = await platform.member('user');
      const created = await ask(bo, role);
      await review(created.id, 'approved');

      let refreshed: string | undefined;
      await eventually(`identity to grant ${role}`, async () => {
        const res = await identity().get('/api/auth/session').set(bearer(bo.token)).expect(200);
        refreshed = setCookie(res, SESSION_COOKIE);
        return res.body.user.access.includes(role);
      });
      // The old token was not revoked by the grant, only outdated: the read handed out a new one.
      expect(refreshed).toBeDefined();
      const fresh = await identity().get('/api/auth/session').set(bearer(refreshed!)).expect(200);
      expect(fresh.body.user.access).toEqual(expect.arrayContaining(['user', role]));
      expect(setCookie(fresh, SESSION_COOKIE)).toBeUndefined();
      // Holding it now, there is nothing left to ask for.
      await api().post('/api/requests/single-request').set(bearer(refreshed!)).send({ role }).expect(409);
    },
  );

  it('does not grant on rejection', async () => {
    const cy = await platform.member('user');
    const created = await ask(cy, 'owner');
    await review(created.id, 'rejected');
    // A later approval of someone else proves the events around it were consumed.
    const dee = await platform.member('user');
    await review((await ask(dee, 'owner')).id, 'approved');
    await eventually('the later grant', async () =>
      (await identity().get('/api/user').set(bearer(dee.token))).body.access?.includes('owner'),
    );
    const user = await identity().get('/api/user').set(bearer(cy.token)).expect(200);
    expect(user.body.access).not.toContain('owner');
  });
});

describe('identity read models', () => {
  it("refreshes a requester's name, and removes a deleted user's requests", async () => {
    const ed = await platform.member('user');
    const created = await ask(ed, 'owner');
    const renamed = `renamed-${Date.now().toString(36)}`;
    await identity()
      .patch(`/api/users/${ed.id}`)
      .set(bearer(ed.token))
      .send({ username: renamed })
      .expect(200);
    await eventually('the new name on the request', async () => {
      const res = await api().get(`/api/requests/user?userId=${ed.id}&role=owner`).set(bearer(admin.token));
      return res.body.requester?.username === renamed;
    });

    await identity().delete(`/api/users/${ed.id}`).set(bearer(admin.token)).expect(204);
    await eventually('the requests of the deleted user to go', async () => {
      const res = await api().get(`/api/requests/user?userId=${ed.id}&role=owner`).set(bearer(admin.token));
      return res.status === 404;
    });
    const all = await api().get('/api/requests?limit=100').set(bearer(admin.token)).expect(200);
    expect(all.body.items.map((item: { id: string }) => item.id)).not.toContain(created.id);
  });
});
