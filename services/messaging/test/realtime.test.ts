import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { Types } from 'mongoose';
import { pendingEvent, SessionRevocations, type RunningService } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import {
  requestRejected,
  SOCKET_EVENTS,
  userAccessChanged,
  type Conversation,
  type Message,
} from '@podz/proto';
import type { MessagingConfig } from '../src/config';
import {
  bearer,
  countOnConnect,
  MessagingPlatform,
  nextEvent,
  startMessagingInstance,
  type Member,
} from './support/messaging-harness';

let platform: MessagingPlatform;
let second: RunningService<MessagingConfig> | undefined;
const api = (url = platform.url) => request(url);

beforeAll(async () => {
  platform = await MessagingPlatform.start();
  // A second replica: same database, same consumer group, same Redis.
  second = await startMessagingInstance({}, platform.messaging.context.config.MONGO_DB);
});
afterAll(async () => {
  // Together: a replica left alone would first rejoin its consumer group, which takes seconds.
  await Promise.all([second?.stop(), platform?.stop()]);
});

type Pushed = { conversation: Conversation; message: Message };

describe('the socket', () => {
  it('is refused without a valid, live session', async () => {
    await expect(platform.connect(platform.url)).rejects.toThrow('unauthorized');
    await expect(platform.connect(platform.url, 'not.a.token')).rejects.toThrow('unauthorized');
    const ana = await platform.member();
    // A session ended everywhere (password change, sign-out of all devices) no longer connects.
    await new SessionRevocations(platform.messaging.context.redis).recordVersion(ana.id, 99);
    await expect(platform.connect(platform.url, ana.token)).rejects.toThrow('unauthorized');
  });

  it('gets the new-message count on connecting', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: bo.id, text: 'hi' })
      .expect(201);
    const socket = await connectWithCount(bo);
    expect(socket.count).toBe(1);
  });

  it("pushes a message with the conversation, and the count, to every tab of the recipient, and the sender's", async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const tabs = await Promise.all([connectWithCount(bo), connectWithCount(bo)]);
    const senderTab = await connectWithCount(ana);
    const arrivals = tabs.map((tab) =>
      Promise.all([
        nextEvent<Pushed>(tab.socket, SOCKET_EVENTS.messageNew),
        nextEvent<{ count: number }>(tab.socket, SOCKET_EVENTS.messageCount),
      ]),
    );
    const echoed = nextEvent<Pushed>(senderTab.socket, SOCKET_EVENTS.messageNew);
    const sent = await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: bo.id, text: 'live!' })
      .expect(201);
    for (const [pushed, count] of await Promise.all(arrivals)) {
      expect(pushed.message).toMatchObject({
        id: sent.body.message.id,
        text: 'live!',
        sender: { id: ana.id },
      });
      expect(pushed.conversation).toMatchObject({ id: sent.body.conversation.id, unreadCount: 1 });
      expect(count).toEqual({ count: 1 });
    }
    expect((await echoed).conversation.unreadCount).toBe(0);

    // Reading in one tab clears the badge and the conversation's unread count in the other.
    const cleared = nextEvent<{ count: number }>(tabs[1]!.socket, SOCKET_EVENTS.messageCount);
    const read = nextEvent<Conversation>(tabs[1]!.socket, SOCKET_EVENTS.conversationUpdated);
    await api().put(`/api/conversations/${sent.body.conversation.id}`).set(bearer(bo.token)).expect(200);
    expect(await cleared).toEqual({ count: 0 });
    expect(await read).toMatchObject({ id: sent.body.conversation.id, unreadCount: 0 });
  });

  it('delivers across instances: posted through one, pushed to a socket on the other', async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const onSecond = await platform.connect(second!.url, bo.token);
    const pushed = nextEvent<Pushed>(onSecond, SOCKET_EVENTS.messageNew);
    await api(platform.url)
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: bo.id, text: 'across the adapter' })
      .expect(201);
    expect((await pushed).message.text).toBe('across the adapter');
  });

  // Last: it stops the second instance.
  it("leaves the other instances' sockets connected when one instance stops", async () => {
    const [ana, bo] = await Promise.all([platform.member(), platform.member()]);
    const onFirst = await platform.connect(platform.url, bo.token);
    const stopping = second;
    second = undefined;
    await stopping!.stop();
    const pushed = nextEvent<Pushed>(onFirst, SOCKET_EVENTS.messageNew);
    await api()
      .post('/api/conversations')
      .set(bearer(ana.token))
      .send({ recipientId: bo.id, text: 'still here' })
      .expect(201);
    expect((await pushed).message.text).toBe('still here');
    expect(onFirst.connected).toBe(true);
  });
});

describe('access changes', () => {
  it('tells every open tab of a member to read the session again once identity changed their access, and of a review', async () => {
    const ana = await platform.member();
    const tabs = await Promise.all([connectWithCount(ana), connectWithCount(ana)]);
    const told = tabs.map((tab) => nextEvent<object>(tab.socket, SOCKET_EVENTS.sessionChanged, 15_000));
    await platform.messaging.context.producer.publish([
      pendingEvent(userAccessChanged, ana.id, {
        userId: ana.id,
        role: 'user',
        access: ['user', 'owner'],
        previousAccess: ['user'],
      }),
    ]);
    expect(await Promise.all(told)).toEqual([{}, {}]);

    const verdict = nextEvent<object>(tabs[0]!.socket, SOCKET_EVENTS.requestReviewed, 15_000);
    const reviewer = await platform.member();
    await platform.messaging.context.producer.publish([
      pendingEvent(requestRejected, new Types.ObjectId().toHexString(), {
        requestId: new Types.ObjectId().toHexString(),
        userId: ana.id,
        username: 'ana',
        role: 'guest',
        status: 'rejected',
        reviewerId: reviewer.id,
        note: '',
      }),
    ]);
    expect(await verdict).toEqual({ role: 'guest', status: 'rejected' });
    // The review's message follows; waited for, so the file does not stop under its delivery.
    await eventually('the review notice', async () => (await newCount(ana)) === 1);
  });
});

const newCount = async (member: Member) =>
  (await api().get('/api/conversations/count').set(bearer(member.token)).expect(200)).body.count as number;

async function connectWithCount(member: Member): Promise<{ socket: Socket; count: number }> {
  const socket = await platform.connect(platform.url, member.token);
  return { socket, count: await countOnConnect(socket) };
}
