import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { requestsConfigSchema } from '../src/config';
import { startRequests } from '../src/requests-service';
import { bearer, RequestsPlatform, type Member } from './support/requests-harness';

let platform: RequestsPlatform;
let admin: Member;
let editor: Member;
const api = () => request(platform.url);
const MISSING = '64b7f0c2a1b2c3d4e5f60799';

beforeAll(async () => {
  platform = await RequestsPlatform.start();
  [admin, editor] = await Promise.all([platform.member('admin'), platform.member('editor')]);
});
afterAll(() => platform?.stop());

const user = () => platform.member('user');

async function ask(by: Member, role = 'owner', message = 'I run a show about birds') {
  return (
    await api().post('/api/requests/single-request').set(bearer(by.token)).send({ role, message }).expect(201)
  ).body as { id: string; status: string; role: string };
}

describe('asking for access', () => {
  it('files one open request per role, readable by the requester', async () => {
    const ana = await user();
    const created = await ask(ana);
    expect(created).toMatchObject({
      role: 'owner',
      status: 'pending',
      message: 'I run a show about birds',
      links: [],
      review: null,
      requester: { id: ana.id, username: ana.username },
    });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);

    const again = await api()
      .post('/api/requests/single-request')
      .set(bearer(ana.token))
      .send({ role: 'owner' })
      .expect(409);
    expect(again.body).toEqual({ error: 'You already have an open owner request', code: 'CONFLICT' });
    await api().post('/api/requests').set(bearer(ana.token)).send({ role: 'owner' }).expect(409);

    const mine = await api()
      .get('/api/requests/single-request?role=owner')
      .set(bearer(ana.token))
      .expect(200);
    expect(mine.body.id).toBe(created.id);
    const none = await api()
      .get('/api/requests/single-request?role=guest')
      .set(bearer(ana.token))
      .expect(404);
    expect(none.body.code).toBe('NOT_FOUND');
    // Another role is another request.
    await ask(ana, 'guest');
  });

  it('takes the full form with links on POST /api/requests', async () => {
    const bo = await user();
    const res = await api()
      .post('/api/requests')
      .set(bearer(bo.token))
      .send({ role: 'owner', message: 'My feed', links: ['https://feeds.example.org/birds.xml'] })
      .expect(201);
    expect(res.body).toMatchObject({ links: ['https://feeds.example.org/birds.xml'], status: 'pending' });
  });

  it('refuses what it cannot keep with a 400 naming the field, and writes nothing', async () => {
    const cy = await user();
    const cases: [string, unknown][] = [
      ['/api/requests', { role: 'admin' }],
      ['/api/requests', { role: { $ne: null } }],
      ['/api/requests', { role: 'owner', links: ['javascript:alert(1)'] }],
      ['/api/requests', { role: 'owner', links: Array(6).fill('https://a.example') }],
      ['/api/requests', { role: 'owner', message: 'x'.repeat(2001) }],
      ['/api/requests', { role: 'owner', userId: 'not-an-id' }],
      ['/api/requests/single-request', { role: 'owner', status: 'approved' }],
      ['/api/requests/single-request', {}],
    ];
    for (const [path, body] of cases) {
      const res = await api()
        .post(path)
        .set(bearer(cy.token))
        .send(body as object);
      expect({ path, body, status: res.status, code: res.body.code }).toEqual({
        path,
        body,
        status: 400,
        code: expect.stringMatching(/^(VALIDATION_FAILED|INVALID_ID)$/),
      });
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    await api().get('/api/requests/single-request?role=owner').set(bearer(cy.token)).expect(404);
  });

  it('tells someone who already holds the access there is nothing to ask for', async () => {
    const owner = await platform.member('owner');
    const res = await api()
      .post('/api/requests/single-request')
      .set(bearer(owner.token))
      .send({ role: 'owner' })
      .expect(409);
    expect(res.body.error).toBe('You already have owner access');
  });

  it('lets an admin file a request on behalf of a user, and nobody else', async () => {
    const dee = await user();
    const filed = await api()
      .post('/api/requests')
      .set(bearer(admin.token))
      .send({ role: 'guest', userId: dee.id, message: 'Asked by email' })
      .expect(201);
    expect(filed.body.requester).toMatchObject({ id: dee.id, username: dee.username });
    const other = await user();
    await api()
      .post('/api/requests')
      .set(bearer(other.token))
      .send({ role: 'guest', userId: dee.id })
      .expect(403);
    await api()
      .post('/api/requests')
      .set(bearer(admin.token))
      .send({ role: 'guest', userId: MISSING })
      .expect(404);
  });

  it('answers 401 to every route without a session', async () => {
    const id = MISSING;
    const calls = [
      api().get('/api/requests'),
      api().get('/api/requests/single-request?role=owner'),
      api().get(`/api/requests/user?userId=${id}&role=owner`),
      api().post('/api/requests').send({ role: 'owner' }),
      api().post('/api/requests/single-request').send({ role: 'owner' }),
      api().put(`/api/requests/${id}`).send({ status: 'approved' }),
      api().put(`/api/requests/user?requestId=${id}`).send({ message: 'x' }),
      api().delete(`/api/requests/${id}`),
    ];
    for (const call of calls) expect((await call).status).toBe(401);
  });
});

describe('reading requests', () => {
  it('lists every request for admins only, newest first, filtered and paginated', async () => {
    const [one, two, three] = await Promise.all([user(), user(), user()]);
    await ask(one, 'owner');
    await ask(two, 'guest');
    const last = await ask(three, 'owner');

    const page = await api().get('/api/requests?limit=2').set(bearer(admin.token)).expect(200);
    expect(page.body).toMatchObject({ page: 1, limit: 2 });
    expect(page.body.items).toHaveLength(2);
    expect(page.body.items[0].id).toBe(last.id);
    expect(page.body.totalPages).toBe(Math.ceil(page.body.total / 2));

    const guests = await api().get('/api/requests?role=guest&limit=100').set(bearer(admin.token)).expect(200);
    expect(guests.body.items.every((item: { role: string }) => item.role === 'guest')).toBe(true);
    const pending = await api()
      .get('/api/requests?status=pending&limit=100')
      .set(bearer(admin.token))
      .expect(200);
    expect(pending.body.items.every((item: { status: string }) => item.status === 'pending')).toBe(true);
    const past = await api().get('/api/requests?page=9999').set(bearer(admin.token)).expect(200);
    expect(past.body.items).toEqual([]);

    for (const [query, status] of [
      ['limit=0', 400],
      ['limit=101', 400],
      ['status=lost', 400],
      ['role=admin', 400],
    ] as const) {
      expect((await api().get(`/api/requests?${query}`).set(bearer(admin.token))).status).toBe(status);
    }
    await api().get('/api/requests').set(bearer(editor.token)).expect(403);
    await api().get('/api/requests').set(bearer(one.token)).expect(403);
  });

  it("reads a user's request for a role: the user themself or an admin", async () => {
    const ed = await user();
    const created = await ask(ed, 'guest');
    const path = `/api/requests/user?userId=${ed.id}&role=guest`;
    expect((await api().get(path).set(bearer(ed.token)).expect(200)).body.id).toBe(created.id);
    expect((await api().get(path).set(bearer(admin.token)).expect(200)).body.id).toBe(created.id);
    await api()
      .get(path)
      .set(bearer((await user()).token))
      .expect(403);
    await api().get(`/api/requests/user?userId=${ed.id}&role=owner`).set(bearer(ed.token)).expect(404);
    await api().get('/api/requests/user?userId=123&role=guest').set(bearer(admin.token)).expect(400);
    await api().get(`/api/requests/user?userId=${ed.id}`).set(bearer(admin.token)).expect(400);
  });
});

describe('reviewing', () => {
  it('lets an admin approve a pending request once, with a note', async () => {
    const fay = await user();
    const created = await ask(fay);
    const res = await api()
      .put(`/api/requests/${created.id}`)
      .set(bearer(admin.token))
      .send({ status: 'approved', note: 'Welcome!' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'approved',
      review: { note: 'Welcome!', reviewer: { id: admin.id, username: admin.username } },
    });
    expect(Date.parse(res.body.review.reviewedAt)).toBeGreaterThan(Date.now() - 60_000);
    const twice = await api()
      .put(`/api/requests/${created.id}`)
      .set(bearer(admin.token))
      .send({ status: 'rejected' })
      .expect(409);
    expect(twice.body.error).toBe('This request was already approved');
  });

  it('keeps reviews to admins: editors and requesters get 403', async () => {
    const gus = await user();
    const created = await ask(gus);
    for (const who of [editor, gus]) {
      await api()
        .put(`/api/requests/${created.id}`)
        .set(bearer(who.token))
        .send({ status: 'approved' })
        .expect(403);
    }
    const still = await api()
      .get('/api/requests/single-request?role=owner')
      .set(bearer(gus.token))
      .expect(200);
    expect(still.body.status).toBe('pending');
  });

  it('validates the review: id, decision and note', async () => {
    const hal = await user();
    const created = await ask(hal);
    const put = (id: string, body: object) =>
      api().put(`/api/requests/${id}`).set(bearer(admin.token)).send(body);
    expect((await put('nope', { status: 'approved' })).status).toBe(400);
    expect((await put(MISSING, { status: 'approved' })).status).toBe(404);
    expect((await put(created.id, { status: 'pending' })).status).toBe(400);
    expect((await put(created.id, { status: 'approved', note: 'n'.repeat(1001) })).status).toBe(400);
    expect((await put(created.id, { status: { $ne: null } })).status).toBe(400);
  });

  it('lets a rejected requester ask again', async () => {
    const ivy = await user();
    const first = await ask(ivy);
    await api()
      .put(`/api/requests/${first.id}`)
      .set(bearer(admin.token))
      .send({ status: 'rejected', note: 'Send us a feed first' })
      .expect(200);
    const mine = await api()
      .get('/api/requests/single-request?role=owner')
      .set(bearer(ivy.token))
      .expect(200);
    expect(mine.body).toMatchObject({ status: 'rejected', review: { note: 'Send us a feed first' } });
    const second = await ask(ivy);
    expect(second.id).not.toBe(first.id);
    const latest = await api()
      .get('/api/requests/single-request?role=owner')
      .set(bearer(ivy.token))
      .expect(200);
    expect(latest.body.id).toBe(second.id);
  });
});

describe("the requester's own request", () => {
  it('can be edited while pending, by the requester only', async () => {
    const jo = await user();
    const created = await ask(jo);
    const path = `/api/requests/user?requestId=${created.id}`;
    const edited = await api()
      .put(path)
      .set(bearer(jo.token))
      .send({ message: 'Now with a feed', links: ['https://example.org/feed.xml'] })
      .expect(200);
    expect(edited.body).toMatchObject({
      message: 'Now with a feed',
      links: ['https://example.org/feed.xml'],
    });
    await api().put(path).set(bearer(jo.token)).send({}).expect(400);
    await api()
      .put(path)
      .set(bearer((await user()).token))
      .send({ message: 'mine now' })
      .expect(403);
    await api().put(path).set(bearer(admin.token)).send({ message: 'admin edit' }).expect(403);
    await api()
      .put('/api/requests/user?requestId=zzz')
      .set(bearer(jo.token))
      .send({ message: 'x' })
      .expect(400);
    await api()
      .put(`/api/requests/user?requestId=${MISSING}`)
      .set(bearer(jo.token))
      .send({ message: 'x' })
      .expect(404);

    await api()
      .put(`/api/requests/${created.id}`)
      .set(bearer(admin.token))
      .send({ status: 'approved' })
      .expect(200);
    const late = await api().put(path).set(bearer(jo.token)).send({ message: 'too late' }).expect(409);
    expect(late.body.error).toBe('This request was already approved');
  });

  it('can be withdrawn by the requester or removed by an admin, by nobody else', async () => {
    const kim = await user();
    const created = await ask(kim);
    await api()
      .delete(`/api/requests/${created.id}`)
      .set(bearer((await user()).token))
      .expect(403);
    await api().delete(`/api/requests/${created.id}`).set(bearer(kim.token)).expect(204);
    await api().delete(`/api/requests/${created.id}`).set(bearer(kim.token)).expect(404);
    await api().get('/api/requests/single-request?role=owner').set(bearer(kim.token)).expect(404);
    // Withdrawn, the role is open to ask again.
    const again = await ask(kim);
    await api().delete(`/api/requests/${again.id}`).set(bearer(admin.token)).expect(204);
    await api().delete('/api/requests/123').set(bearer(admin.token)).expect(400);
  });
});

describe('requests from before the top-level ids', () => {
  it("are backfilled once at start, so a user's closed request is still found", async () => {
    const old = await user();
    const db = platform.requests.context.db;
    const _id = new Types.ObjectId();
    // The shape an earlier release stored: no requesterId, reviewerId or tombstone.
    await db.collection('requests').insertOne({
      _id,
      requester: { id: old.id, username: old.username },
      role: 'guest',
      status: 'rejected',
      message: '',
      links: [],
      review: {
        reviewer: { id: admin.id, username: admin.username },
        note: 'Not yet',
        reviewedAt: new Date(),
      },
      openKey: _id.toHexString(),
      deletedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await db.collection('migrations').deleteOne({ _id: 'requests-people-ids-v1' as never });
    const again = await startRequests(
      loadConfig(requestsConfigSchema, testServiceEnv('requests', { MONGO_DB: db.name, PORT: '0' })),
    );
    try {
      const found = await request(again.url)
        .get('/api/requests/single-request?role=guest')
        .set(bearer(old.token))
        .expect(200);
      expect(found.body).toMatchObject({ id: _id.toHexString(), status: 'rejected' });
      expect(await db.collection('requests').findOne({ _id })).toMatchObject({
        requesterId: old.id,
        reviewerId: admin.id,
      });
    } finally {
      await again.stop();
    }
  });
});
