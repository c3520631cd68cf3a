import request from 'supertest';
import { Types } from 'mongoose';
import { newWithEvents, pendingEvent } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import { requestCreated } from '@podz/proto';
import type { RequestModel } from '../src/data/request-model';
import { bearer, RequestsPlatform, type Member } from './support/requests-harness';

// The admins' request pages are read from lists in Redis (request-lists.ts), not sorted and
// counted over the requests collection. These tests show where the answers come from and that the
// lists follow the store: writes, the service's own events, rebuilds and stale entries.

let platform: RequestsPlatform;
let admin: Member;
let requests: RequestModel;
const api = () => request(platform.url);
const listPrefix = () => `requests:${platform.requests.context.db.name}:lists`;

beforeAll(async () => {
  platform = await RequestsPlatform.start();
  admin = await platform.member('admin');
  requests = platform.requests.context.db.model('AccessRequest') as RequestModel;
});
afterAll(() => platform?.stop());

const listed = async (query: string) =>
  (
    (await api().get(`/api/requests?limit=100&${query}`).set(bearer(admin.token)).expect(200)).body.items as {
      id: string;
    }[]
  ).map((item) => item.id);

async function ask(role = 'owner') {
  const member = await platform.member('user');
  const body = (
    await api()
      .post('/api/requests/single-request')
      .set(bearer(member.token))
      .send({ role, message: 'I run a show about birds' })
      .expect(201)
  ).body as { id: string };
  return body.id;
}

/** A pending request put in the store behind the service's back, with (or without) its event. */
async function requestInTheStore(withEvent: boolean): Promise<string> {
  const _id = new Types.ObjectId();
  const id = _id.toHexString();
  const requesterId = new Types.ObjectId().toHexString();
  const events = withEvent
    ? [
        pendingEvent(requestCreated, id, {
          requestId: id,
          userId: requesterId,
          username: 'stored',
          role: 'guest',
          status: 'pending',
        }),
      ]
    : [];
  await requests.create(
    newWithEvents(
      {
        _id,
        requester: { id: requesterId, username: 'stored' },
        requesterId,
        role: 'guest',
        status: 'pending',
        openKey: `${requesterId}:guest`,
      },
      events,
    ),
  );
  return id;
}

describe("the admins' request lists", () => {
  it('answer every filter: a request the store holds but no write or event placed is not listed', async () => {
    const placed = await ask('guest');
    const unplaced = await requestInTheStore(false);
    for (const query of ['', 'status=pending', 'role=guest', 'status=pending&role=guest']) {
      const ids = await listed(query);
      expect(ids).toContain(placed);
      expect(ids).not.toContain(unplaced);
    }
    expect(await listed('role=owner')).not.toContain(placed);
  });

  it('follow every write: a review moves the request between statuses, a removal takes it out', async () => {
    const id = await ask('owner');
    expect(await listed('status=pending')).toContain(id);
    await api()
      .put(`/api/requests/${id}`)
      .set(bearer(admin.token))
      .send({ status: 'rejected', note: 'Send us a feed first.' })
      .expect(200);
    expect(await listed('status=pending')).not.toContain(id);
    expect(await listed('status=rejected&role=owner')).toContain(id);
    await api().delete(`/api/requests/${id}`).set(bearer(admin.token)).expect(204);
    expect(await listed('')).not.toContain(id);
  });

  it("place a request written elsewhere from the service's own event", async () => {
    const id = await requestInTheStore(true);
    platform.requests.context.relay.kick();
    await eventually('the stored request is listed from its event', async () =>
      (await listed('status=pending&role=guest')).includes(id),
    );
  });

  it('never show an entry the store no longer backs, and take it out', async () => {
    const id = await ask('owner');
    await requests.updateOne({ _id: new Types.ObjectId(id) }, { $set: { status: 'approved' } });
    expect(await listed('status=pending')).not.toContain(id);
    await eventually('the stale entry is gone and the request placed where it belongs', async () => {
      const pending = await platform.requests.context.redis.zrange(
        `${listPrefix()}:requests:pending:any`,
        0,
        -1,
      );
      return !pending.some((member) => member.endsWith(id)) && (await listed('status=approved')).includes(id);
    });
  });

  it('are rebuilt from the store when Redis loses them, answering from the store meanwhile', async () => {
    const unplaced = await requestInTheStore(false);
    const redis = platform.requests.context.redis;
    await redis.del(...(await redis.keys(`${listPrefix()}:*`)));
    expect(await listed('status=pending')).toContain(unplaced);
    await eventually('the lists are built again', async () =>
      Boolean(await redis.exists(`${listPrefix()}:built:requests:any:any`)),
    );
    expect(await listed('status=pending')).toContain(unplaced);
    const total = (await api().get('/api/requests?limit=1').set(bearer(admin.token)).expect(200)).body.total;
    expect(total).toBe(await requests.countDocuments({ deletedAt: null }));
  });
});
