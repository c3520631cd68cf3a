import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { pendingEvent } from '@podz/kit';
import {
  BROADCAST_PART_SIZE,
  broadcastPart,
  conversationPageSchema,
  conversationSchema,
  MESSAGE_MAX,
  sentMessageSchema,
} from '@podz/proto';
import { bearer, MessagingPlatform, type Member } from './support/messaging-harness';

let platform: MessagingPlatform;
const api = () => request(platform.url);
const MISSING = '64b7f0c2a1b2c3d4e5f60799';

beforeAll(async () => {
  platform = await MessagingPlatform.start();
});
afterAll(() => platform?.stop());

async function start(from: Member, to: Member, text = 'Hello there') {
  const res = await api()
    .post('/api/conversations')
    .set(bearer(from.token))
    .send({ recipientId: to.id, text })
    .expect(201);
  return sentMessageSchema.parse(res.body);
}

const count = async (who: Member) =>
  (await api().get('/api/conversations/count').set(bearer(who.token)).expect(200)).body.count as number;

describe('conversations', () => {
  it('starts one conversation per pair, counting unread messages for the recipient only', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const first = await start(ana, bo, 'Hi Bo');
    expect(first.message).toMatchObject({
      text: 'Hi Bo',
      sender: { id: ana.id, username: ana.username },
      conversationId: first.conversation.id,
    });
    expect(first.conversation.participants.map((p) => p.id).sort()).toEqual([ana.id, bo.id].sort());
    expect(first.conversation).toMatchObject({
      unreadCount: 0,
      lastMessage: { text: 'Hi Bo', senderId: ana.id },
    });

    // Bo writing to Ana continues the same conversation.
    const reply = await start(bo, ana, 'Hi Ana');
    expect(reply.conversation.id).toBe(first.conversation.id);
    expect(await count(ana)).toBe(1);
    expect(await count(bo)).toBe(0);

    await api()
      .post(`/api/conversations/${first.conversation.id}`)
      .set(bearer(bo.token))
      .send({ text: 'Are you there?' })
      .expect(201);
    expect(await count(ana)).toBe(2);

    const list = await api().get('/api/conversations').set(bearer(ana.token)).expect(200);
    const page = conversationPageSchema.parse(list.body);
    expect(page).toMatchObject({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect(page.items[0]).toMatchObject({ id: first.conversation.id, unreadCount: 2 });
    expect(page.items[0]!.lastMessage!.text).toBe('Are you there?');
  });

  it('marks read: the unread count goes to zero, and so does the badge', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo);
    await start(ana, bo, 'Second');
    expect(await count(bo)).toBe(2);
    const read = await api().put(`/api/conversations/${conversation.id}`).set(bearer(bo.token)).expect(200);
    expect(conversationSchema.parse(read.body)).toMatchObject({
      unreadCount: 0,
      lastReadAt: expect.any(String),
    });
    expect(await count(bo)).toBe(0);
    // Reading again changes nothing.
    await api().put(`/api/conversations/${conversation.id}`).set(bearer(bo.token)).expect(200);
    expect(await count(bo)).toBe(0);
  });

  it('counts from the inbox: rebuilt when missing, repaired when it drifts', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo);
    await start(ana, bo, 'Two');
    const { redis, db } = platform.messaging.context;
    const key = `messaging:${db.name}:inbox:${bo.id}`;
    expect(await count(bo)).toBe(2);
    expect(await redis.hget(key, `c${conversation.id}`)).toBe('2');

    // Redis lost it (or a user from before inboxes): the first count rebuilds it from the conversations.
    await redis.del(key);
    expect(await count(bo)).toBe(2);
    expect(Number(await redis.hget(key, 'checkedAt'))).toBeGreaterThan(Date.now() - 60_000);

    // Drifted (a crash between the two writes) and not checked for a while: answered as it is,
    // then rebuilt in the background.
    await redis.hset(key, `c${conversation.id}`, '7', 'checkedAt', String(Date.now() - 3_600_000));
    expect(await count(bo)).toBe(7);
    await eventually('the repair', async () => (await count(bo)) === 2);

    await api().put(`/api/conversations/${conversation.id}`).set(bearer(bo.token)).expect(200);
    expect(await redis.hget(key, `c${conversation.id}`)).toBeNull();
    expect(await count(bo)).toBe(0);
  });

  it('lists newest activity first, paginated', async () => {
    const [me, a, b, c] = await Promise.all([
      platform.member(),
      platform.member(),
      platform.member(),
      platform.member(),
    ]);
    for (const other of [a, b, c]) await start(other, me, `from ${other.username}`);
    await start(a, me, 'a again');
    const first = await api().get('/api/conversations?limit=2').set(bearer(me.token)).expect(200);
    expect(first.body).toMatchObject({ total: 3, totalPages: 2, limit: 2 });
    expect(first.body.items.map((item: { lastMessage: { text: string } }) => item.lastMessage.text)).toEqual([
      'a again',
      `from ${c.username}`,
    ]);
    const second = await api().get('/api/conversations?limit=2&page=2').set(bearer(me.token)).expect(200);
    expect(second.body.items).toHaveLength(1);
    const past = await api().get('/api/conversations?page=5').set(bearer(me.token)).expect(200);
    expect(past.body.items).toEqual([]);
    await api().get('/api/conversations?limit=0').set(bearer(me.token)).expect(400);
    expect(await count(me)).toBe(4);
  });

  it('pages through messages newest first', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo, 'm1');
    for (let n = 2; n <= 12; n++) {
      await api()
        .post(`/api/conversations/${conversation.id}`)
        .set(bearer(n % 2 ? ana.token : bo.token))
        .send({ text: `m${n}` })
        .expect(201);
    }
    const path = `/api/conversations/${conversation.id}/messages`;
    const first = await api().get(`${path}?limit=5`).set(bearer(bo.token)).expect(200);
    expect(first.body.items.map((m: { text: string }) => m.text)).toEqual(['m12', 'm11', 'm10', 'm9', 'm8']);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.items[0].sender.id).toBe(bo.id);
    const oldestShown = first.body.items.at(-1).id;
    const second = await api().get(`${path}?limit=5&before=${oldestShown}`).set(bearer(bo.token)).expect(200);
    expect(second.body.items.map((m: { text: string }) => m.text)).toEqual(['m7', 'm6', 'm5', 'm4', 'm3']);
    const last = await api()
      .get(`${path}?limit=5&before=${second.body.items.at(-1).id}`)
      .set(bearer(bo.token))
      .expect(200);
    expect(last.body).toMatchObject({ hasMore: false });
    expect(last.body.items.map((m: { text: string }) => m.text)).toEqual(['m2', 'm1']);
    await api().get(`${path}?limit=101`).set(bearer(bo.token)).expect(400);
    await api().get(`${path}?before=nope`).set(bearer(bo.token)).expect(400);
  });
});

describe('the activity lists', () => {
  // Conversation and message pages are read from sorted sets in Redis (data/activity-lists.ts),
  // not sorted over the store: what the store holds but no send listed stays out until a rebuild.
  it('answer both pages, and are rebuilt from the store when Redis loses them', async () => {
    const [ana, bo, cy] = await Promise.all([platform.member(), platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo, 'listed');
    const { redis, db } = platform.messaging.context;
    const prefix = `messaging:${db.name}`;
    const texts = async () =>
      (
        (await api().get(`/api/conversations/${conversation.id}/messages`).set(bearer(ana.token)).expect(200))
          .body.items as { text: string }[]
      ).map((m) => m.text);
    const conversationIds = async () =>
      (
        (await api().get('/api/conversations').set(bearer(ana.token)).expect(200)).body.items as {
          id: string;
        }[]
      ).map((c) => c.id);
    expect(await texts()).toEqual(['listed']);
    expect(await conversationIds()).toEqual([conversation.id]);

    // Written behind the service's back: a message and a conversation only the store holds.
    const { Types } = await import('mongoose');
    await db.collection('messages').insertOne({
      _id: new Types.ObjectId(),
      conversationId: new Types.ObjectId(conversation.id),
      senderId: bo.id,
      text: 'unlisted',
      createdAt: new Date(),
    });
    const other = new Types.ObjectId();
    await db.collection('conversations').insertOne({
      _id: other,
      participants: [
        { id: ana.id, username: ana.username },
        { id: cy.id, username: cy.username },
      ],
      participantIds: [ana.id, cy.id],
      pairKey: `stored:${other.toHexString()}`,
      state: {},
      lastMessageAt: new Date(Date.now() + 60_000),
    });
    expect(await texts()).toEqual(['listed']);
    expect(await conversationIds()).toEqual([conversation.id]);

    await redis.del(`${prefix}:messages:${conversation.id}`, `${prefix}:conversations:${ana.id}`);
    expect(await texts()).toEqual(['unlisted', 'listed']);
    expect(await conversationIds()).toEqual([other.toHexString(), conversation.id]);
    // Rebuilt, and kept by the next send.
    await start(bo, ana, 'after');
    expect(await texts()).toEqual(['after', 'unlisted', 'listed']);
    expect(await conversationIds()).toEqual([other.toHexString(), conversation.id]);
    expect(await redis.ttl(`${prefix}:messages:${conversation.id}`)).toBeGreaterThan(6 * 24 * 3600);
  });
});

describe('double submits', () => {
  it('sends a message once per Idempotency-Key, answering a repeat with the first answer', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo, 'first');
    const send = (key: string, text: string) =>
      api()
        .post(`/api/conversations/${conversation.id}`)
        .set(bearer(ana.token))
        .set('idempotency-key', key)
        .send({ text });
    const once = await send('draft-0001-abcd', 'only once').expect(201);
    const again = await send('draft-0001-abcd', 'only once').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.message.id).toBe(once.body.message.id);
    await send('draft-0002-abcd', 'a new draft').expect(201);
    const page = await api()
      .get(`/api/conversations/${conversation.id}/messages`)
      .set(bearer(bo.token))
      .expect(200);
    expect(page.body.items.map((m: { text: string }) => m.text)).toEqual([
      'a new draft',
      'only once',
      'first',
    ]);
    expect(await count(bo)).toBe(3);
    // Keys are per caller: Bo's use of Ana's key is his own request.
    await api()
      .post(`/api/conversations/${conversation.id}`)
      .set(bearer(bo.token))
      .set('idempotency-key', 'draft-0001-abcd')
      .send({ text: 'reply' })
      .expect(201)
      .expect((res) => expect(res.headers['idempotent-replayed']).toBeUndefined());
    await send('bad key!', 'x').expect(400);
  });
});

describe('who may see and write', () => {
  it('answers 404 to anyone outside a conversation, for every call', async () => {
    const [ana, bo, eve] = await Promise.all([platform.member(), platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo);
    const id = conversation.id;
    for (const [method, path] of [
      ['get', `/api/conversations/${id}`],
      ['get', `/api/conversations/${id}/messages`],
      ['put', `/api/conversations/${id}`],
      ['post', `/api/conversations/${id}`],
      ['get', `/api/conversations/${MISSING}`],
    ] as const) {
      const call = api()[method](path).set(bearer(eve.token));
      const res = await (method === 'post' ? call.send({ text: 'let me in' }) : call).expect(404);
      expect(res.body).toEqual({ error: 'Conversation not found', code: 'NOT_FOUND' });
    }
    const messages = await api().get(`/api/conversations/${id}/messages`).set(bearer(ana.token)).expect(200);
    expect(messages.body.items).toHaveLength(1);
  });

  it('needs a session for everything', async () => {
    await api().get('/api/conversations').expect(401);
    await api().get('/api/conversations/count').expect(401);
    await api().post('/api/conversations').send({}).expect(401);
    await api().post('/api/conversations/admin').send({}).expect(401);
  });

  it('validates ids and text, and stores nothing for a refused message', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo, 'first');
    const send = (body: object) =>
      api().post(`/api/conversations/${conversation.id}`).set(bearer(ana.token)).send(body);
    expect((await send({ text: '   ' }).expect(400)).body.error).toMatch(/text cannot be empty/);
    expect((await send({ text: 'x'.repeat(MESSAGE_MAX + 1) }).expect(400)).body.error).toMatch(
      /at most 2000/,
    );
    expect((await send({ text: 'hi', extra: 1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await send({ text: 42 }).expect(400)).body.error).toMatch(/text must be a string/);
    const cleaned = await send({ text: '  bell\u0007 and\r\nline\n\n\n\nend  ' }).expect(201);
    expect(cleaned.body.message.text).toBe('bell and\nline\n\nend');

    await api().post('/api/conversations/not-an-id').set(bearer(ana.token)).send({ text: 'x' }).expect(400);
    const badRecipient = await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: 'zz', text: 'x' })
      .expect(400);
    expect(badRecipient.body.code).toBe('INVALID_ID');
    const nobody = await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: MISSING, text: 'x' })
      .expect(404);
    expect(nobody.body.error).toBe('User not found');
    const self = await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: ana.id, text: 'x' })
      .expect(400);
    expect(self.body.error).toBe('You cannot message yourself');

    const messages = await api()
      .get(`/api/conversations/${conversation.id}/messages`)
      .set(bearer(bo.token))
      .expect(200);
    expect(messages.body.items.map((m: { text: string }) => m.text)).toEqual([
      'bell and\nline\n\nend',
      'first',
    ]);
  });

  it('limits how fast one user sends, with Retry-After', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let n = 0; n < 21; n++) {
      const res = await api()
        .post(`/api/conversations/${conversation.id}`)
        .set(bearer(ana.token))
        .send({ text: `burst ${n}` });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    // 20 per minute: the first message started the conversation.
    expect(statuses.filter((status) => status === 201)).toHaveLength(19);
    expect(statuses.slice(19)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Bo is not affected by Ana's burst.
    await api()
      .post(`/api/conversations/${conversation.id}`)
      .set(bearer(bo.token))
      .send({ text: 'calm' })
      .expect(201);
  });
});

describe('admin messages', () => {
  it('reach named users, each in their own conversation with the admin', async () => {
    const [admin, a, b] = await Promise.all([platform.member('admin'), platform.member(), platform.member()]);
    const res = await api()
      .post('/api/conversations/admin')
      .set(bearer(admin.token))
      .send({ text: 'Maintenance tonight', userIds: [a.id, b.id, MISSING, admin.id] })
      .expect(201);
    expect(res.body).toEqual({ sent: 2, skipped: [MISSING] });
    for (const who of [a, b]) {
      await eventually('the broadcast delivered', async () => (await count(who)) === 1);
      const list = await api().get('/api/conversations').set(bearer(who.token)).expect(200);
      expect(list.body.items[0].participants.map((p: { id: string }) => p.id)).toContain(admin.id);
      expect(list.body.items[0].lastMessage.text).toBe('Maintenance tonight');
    }
    expect(await count(admin)).toBe(0);
  });

  it('reach everyone holding an access value', async () => {
    const admin = await platform.member('admin');
    const guests = await Promise.all([
      platform.member('guest'),
      platform.member('guest'),
      platform.member('guest'),
    ]);
    const plain = await platform.member();
    const res = await api()
      .post('/api/conversations/admin')
      .set(bearer(admin.token))
      .send({ text: 'Hello guests', access: 'guest' })
      .expect(201);
    expect(res.body.sent).toBeGreaterThanOrEqual(3);
    for (const guest of guests) {
      await eventually('the broadcast delivered', async () => (await count(guest)) === 1);
    }
    expect(await count(plain)).toBe(0);
  });

  it('are queued in parts, and a part delivered twice reaches each recipient once', async () => {
    const admin = await platform.member('admin');
    const many = await Promise.all(Array.from({ length: BROADCAST_PART_SIZE + 2 }, () => platform.member()));
    const res = await api()
      .post('/api/conversations/admin')
      .set(bearer(admin.token))
      .send({ text: 'To many', userIds: many.map((m) => m.id) })
      .expect(201);
    expect(res.body).toEqual({ sent: many.length, skipped: [] });
    const last = many.at(-1)!;
    await eventually('the second part delivered', async () => (await count(last)) === 1);
    await eventually('the first part delivered', async () => (await count(many[0]!)) === 1);

    // The part again, as a redelivery after a crash would bring it (a new event id, so only the
    // per-recipient check stands in the way).
    const { db, producer } = platform.messaging.context;
    const broadcast = (await db.collection('broadcasts').findOne({ text: 'To many' }))!;
    const replay = pendingEvent(broadcastPart, broadcast._id.toHexString(), {
      broadcastId: broadcast._id.toHexString(),
      senderId: admin.id,
      recipientIds: [last.id],
      part: 2,
      parts: 2,
    });
    await producer.publish([replay]);
    await eventually('the replayed part handled', async () =>
      Boolean(
        await db
          .collection<{ _id: string }>('handled_events')
          .findOne({ _id: { $regex: `:${replay.envelope.id}$` } }),
      ),
    );
    expect(await count(last)).toBe(1);
    const list = await api().get('/api/conversations').set(bearer(last.token)).expect(200);
    const messages = await api()
      .get(`/api/conversations/${list.body.items[0].id}/messages`)
      .set(bearer(last.token))
      .expect(200);
    expect(messages.body.items.map((m: { text: string }) => m.text)).toEqual(['To many']);
  });

  it('are for admins only, with one audience', async () => {
    const [admin, user] = await Promise.all([platform.member('admin'), platform.member()]);
    await api()
      .post('/api/conversations/admin')
      .set(bearer(user.token))
      .send({ text: 'x', access: 'user' })
      .expect(403);
    const both = await api()
      .post('/api/conversations/admin')
      .set(bearer(admin.token))
      .send({ text: 'x', access: 'user', userIds: [user.id] })
      .expect(400);
    expect(both.body.error).toMatch(/either userIds or access/);
    await api().post('/api/conversations/admin').set(bearer(admin.token)).send({ text: 'x' }).expect(400);
    await api()
      .post('/api/conversations/admin')
      .set(bearer(admin.token))
      .send({ text: 'x', access: 'superuser' })
      .expect(400);
  });
});
