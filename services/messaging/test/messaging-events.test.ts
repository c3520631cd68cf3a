import request from 'supertest';
import { Types } from 'mongoose';
import { eventually, readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { pendingEvent } from '@podz/kit';
import {
  DELETED_USER_NAME,
  envelopeSchema,
  findEventDefinition,
  messageSent,
  requestApproved,
  requestRejected,
  TOPICS,
} from '@podz/proto';
import { derivedMessageId } from '../src/data/message-repository';
import { bearer, MessagingPlatform, type Member } from './support/messaging-harness';

let platform: MessagingPlatform;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await MessagingPlatform.start();
});
afterAll(() => platform?.stop());

async function start(from: Member, to: Member, text = 'Hello') {
  return (
    await api()
      .post('/api/conversations')
      .set(bearer(from.token))
      .send({ recipientId: to.id, text })
      .expect(201)
  ).body as { conversation: { id: string }; message: { id: string } };
}

describe('conversation events', () => {
  it('publishes message sent and conversation read, without the text, valid against proto', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation, message } = await start(ana, bo, 'a private thought');
    await api().put(`/api/conversations/${conversation.id}`).set(bearer(bo.token)).expect(200);
    // A read with nothing unread is not news.
    await api().put(`/api/conversations/${conversation.id}`).set(bearer(bo.token)).expect(200);

    const messages = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.messagingConversation), {
      until: (seen) => seen.filter((m) => m.key === conversation.id).length >= 2,
      timeoutMs: 20_000,
    });
    const envelopes = messages
      .filter((m) => m.key === conversation.id)
      .map((m) => envelopeSchema.parse(JSON.parse(m.value!)));
    expect(envelopes.map((e) => e.type)).toEqual([
      'podz.messaging.message.sent',
      'podz.messaging.conversation.read',
    ]);
    for (const envelope of envelopes) {
      expect(findEventDefinition(envelope.type)!.data.safeParse(envelope.data).success).toBe(true);
      expect(JSON.stringify(envelope)).not.toContain('a private thought');
    }
    expect(envelopes[0]!.data).toMatchObject({
      conversationId: conversation.id,
      messageId: message.id,
      senderId: ana.id,
      recipientIds: [bo.id],
    });
    expect(envelopes[1]!.data).toMatchObject({ userId: bo.id });
  });
});

describe('what messaging hears', () => {
  const review = (
    event: typeof requestApproved | typeof requestRejected,
    userId: string,
    reviewerId: string,
    note: string,
  ) =>
    pendingEvent(event, new Types.ObjectId().toHexString(), {
      requestId: new Types.ObjectId().toHexString(),
      userId,
      username: 'someone',
      role: 'owner',
      status: event === requestApproved ? 'approved' : 'rejected',
      reviewerId,
      note,
    });

  it('tells a requester in a message, from the reviewing admin, when their request was reviewed', async () => {
    const [admin, requester] = await Promise.all([platform.member('admin'), platform.member()]);
    await platform.messaging.context.producer.publish([
      review(requestApproved, requester.id, admin.id, 'Welcome!'),
    ]);
    const count = async () =>
      (await api().get('/api/conversations/count').set(bearer(requester.token)).expect(200)).body.count;
    await eventually('the approval notice', async () => (await count()) === 1);
    const list = await api().get('/api/conversations').set(bearer(requester.token)).expect(200);
    const [conversation] = list.body.items;
    expect(conversation.participants.map((p: { id: string }) => p.id)).toContain(admin.id);
    expect(conversation.lastMessage.text).toBe(
      'Your request to become a podcaster was approved. You can now add your PODZ from "Add your PODZ".\n\nNote from the reviewer: Welcome!',
    );

    await platform.messaging.context.producer.publish([review(requestRejected, requester.id, admin.id, '')]);
    await eventually('the rejection notice', async () => (await count()) === 2);
    const messages = await api()
      .get(`/api/conversations/${conversation.id}/messages`)
      .set(bearer(requester.token))
      .expect(200);
    expect(messages.body.items[0].text).toBe(
      'Your request to become a podcaster was not approved this time. You can ask again from "Add your PODZ".',
    );
    expect(messages.body.items[0].sender.id).toBe(admin.id);
  });

  it('tells a requester once when a review is handled again after a crash, wherever the crash fell', async () => {
    const [admin, requester] = await Promise.all([platform.member('admin'), platform.member()]);
    const { db, producer } = platform.messaging.context;
    const count = async () =>
      (await api().get('/api/conversations/count').set(bearer(requester.token)).expect(200)).body.count;
    const handled = (event: { envelope: { id: string } }) =>
      db.collection<{ _id: string }>('handled_events').findOne({ _id: { $regex: `:${event.envelope.id}$` } });
    const notices = async (conversationId: string) =>
      (
        await api()
          .get(`/api/conversations/${conversationId}/messages`)
          .set(bearer(requester.token))
          .expect(200)
      ).body.items.map((m: { text: string }) => m.text.split('.')[0]);

    // Killed after the notice was sent but before the event was recorded as handled: the same
    // event comes again.
    const approved = review(requestApproved, requester.id, admin.id, '');
    await producer.publish([approved]);
    await eventually('the approval notice', async () => Boolean(await handled(approved)));
    await db.collection<{ _id: string }>('handled_events').deleteOne({ _id: (await handled(approved))!._id });
    await producer.publish([approved]);
    await eventually('the approval handled again', async () => Boolean(await handled(approved)));
    expect(await count()).toBe(1);
    const [conversation] = (await api().get('/api/conversations').set(bearer(requester.token))).body.items;
    expect(await notices(conversation.id)).toEqual(['Your request to become a podcaster was approved']);

    // Killed between storing the notice and recording it on the conversation: the retry completes
    // the delivery instead of skipping a message nobody was told of.
    const rejected = review(requestRejected, requester.id, admin.id, '');
    await db.collection('messages').insertOne({
      _id: new Types.ObjectId(
        derivedMessageId(`review:${rejected.envelope.id}`, new Date(rejected.envelope.time)),
      ),
      conversationId: new Types.ObjectId(conversation.id),
      senderId: admin.id,
      text: 'Your request to become a podcaster was not approved this time.',
      createdAt: new Date(),
    });
    await producer.publish([rejected]);
    await eventually('the rejection notice', async () => (await count()) === 2);
    await producer.publish([rejected]);
    await eventually('the rejection handled', async () => Boolean(await handled(rejected)));
    expect(await count()).toBe(2);
    expect(await notices(conversation.id)).toEqual([
      'Your request to become a podcaster was not approved this time',
      'Your request to become a podcaster was approved',
    ]);
  });

  it('never lists a message its conversation did not record, and lists one it did from its event', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { db, redis, producer } = platform.messaging.context;
    const { conversation, message } = await start(ana, bo, 'first');
    // 'first' is listed from the store once its event has confirmed it (the send lists it in
    // Redis at once); the rebuilds below start from that.
    await eventually('the first message confirmed', async () =>
      Boolean(
        await db
          .collection('messages')
          .findOne({ _id: new Types.ObjectId(message.id), pending: { $exists: false } }),
      ),
    );
    const texts = async () =>
      (
        await api().get(`/api/conversations/${conversation.id}/messages`).set(bearer(bo.token)).expect(200)
      ).body.items.map((m: { text: string }) => m.text);
    const stored = (text: string) => ({
      _id: new Types.ObjectId(),
      conversationId: new Types.ObjectId(conversation.id),
      senderId: ana.id,
      text,
      createdAt: new Date(),
      pending: true as const,
    });

    // Stored by a process killed before the conversation recorded it: no event, never listed, not
    // even when the list is rebuilt from the store.
    await db.collection('messages').insertOne(stored('never recorded'));
    await redis.del(`messaging:${db.name}:messages:${conversation.id}`);
    expect(await texts()).toEqual(['first']);

    // Recorded (its event is out) by a process killed before it listed the message: the event
    // lists it.
    const recorded = stored('recorded, then killed');
    await db.collection('messages').insertOne(recorded);
    await producer.publish([
      pendingEvent(messageSent, conversation.id, {
        conversationId: conversation.id,
        messageId: recorded._id.toHexString(),
        senderId: ana.id,
        recipientIds: [bo.id],
        sentAt: recorded.createdAt.toISOString(),
      }),
    ]);
    await eventually('the recorded message listed', async () => (await texts()).length === 2);
    expect(await texts()).toEqual(['recorded, then killed', 'first']);
    await redis.del(`messaging:${db.name}:messages:${conversation.id}`);
    expect(await texts()).toEqual(['recorded, then killed', 'first']);
  });

  it("anonymizes a deleted user's side, and the other side keeps the conversation", async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const { conversation } = await start(ana, bo, 'remember me');
    await api()
      .post(`/api/conversations/${conversation.id}`)
      .set(bearer(bo.token))
      .send({ text: 'sure' })
      .expect(201);

    await request(platform.people.identity.url)
      .delete(`/api/users/${ana.id}`)
      .set(bearer(platform.people.adminToken))
      .send({})
      .expect(204);

    await eventually('the deletion to reach messaging', async () => {
      const list = await api().get('/api/conversations').set(bearer(bo.token)).expect(200);
      const names = list.body.items[0].participants.map((p: { username: string }) => p.username);
      return names.includes(DELETED_USER_NAME);
    });
    const list = await api().get('/api/conversations').set(bearer(bo.token)).expect(200);
    const participants = list.body.items[0].participants as { id: string; username: string }[];
    expect(participants.map((p) => p.id)).not.toContain(ana.id);
    // The service remembered the conversation with ana in it: the send notices it changed, and
    // goes to the anonymized side instead of recreating ana's.
    await api()
      .post(`/api/conversations/${conversation.id}`)
      .set(bearer(bo.token))
      .send({ text: 'still here' })
      .expect(201);
    const stored = await platform.messaging.context.db
      .collection('conversations')
      .findOne({ _id: new Types.ObjectId(conversation.id) });
    expect(Object.keys(stored!.state)).not.toContain(`u${ana.id}`);
    expect(stored!.lastMessage.text).toBe('still here');
    const messages = await api()
      .get(`/api/conversations/${conversation.id}/messages`)
      .set(bearer(bo.token))
      .expect(200);
    expect(
      messages.body.items.map((m: { text: string; sender: { username: string; id: string } }) => [
        m.text,
        m.sender.username,
      ]),
    ).toEqual([
      ['still here', bo.username],
      ['sure', bo.username],
      ['remember me', DELETED_USER_NAME],
    ]);
    expect(JSON.stringify(messages.body)).not.toContain(ana.id);
    expect(JSON.stringify(messages.body)).not.toContain(ana.username);
  });

  it('keeps names and pictures fresh', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    await start(ana, bo);
    const renamed = `${ana.username}-new`;
    await request(platform.people.identity.url)
      .patch(`/api/users/${ana.id}`)
      .set(bearer(ana.token))
      .send({ username: renamed })
      .expect(200);
    await eventually('the new name to reach messaging', async () => {
      const list = await api().get('/api/conversations').set(bearer(bo.token)).expect(200);
      return list.body.items[0].participants.some((p: { username: string }) => p.username === renamed);
    });
  });
});
