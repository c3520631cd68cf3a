import request from 'supertest';
import { Types } from 'mongoose';
import {
  loadConfig,
  pendingEvent,
  SessionRevocations,
  type PendingEvent,
  type RunningService,
} from '@podz/kit';
import { MailInbox, eventually, linkIn, testServiceEnv, testToken, uniqueName } from '@podz/kit/testing';
import {
  bellSchema,
  contactChanged,
  conversationRead,
  episodeCreated,
  episodeUpdated,
  guestAdded,
  hostConfirmed,
  hostInvited,
  messageSent,
  podcastCreated,
  podcastFollowed,
  requestApproved,
  requestRejected,
  userDeleted,
  type Bell,
} from '@podz/proto';
import { startNotifications } from '../src/notifications-service';
import { notificationsConfigSchema, type NotificationsConfig } from '../src/config';

// The notifications service on the real store, broker, cache and development mail server: events
// published on this file's topics become bell items and mails, each once however often they arrive,
// with two instances sharing the store and the consumer groups, each with its digest and reminder
// clocks.

let service: RunningService<NotificationsConfig>;
let second: RunningService<NotificationsConfig>;
const inbox = new MailInbox();
const ORIGIN = 'http://podz.test';
const id = () => new Types.ObjectId().toHexString();

beforeAll(async () => {
  const env = testServiceEnv('notifications', {
    PUBLIC_ORIGIN: ORIGIN,
    DIGEST_GATHER_SECONDS: '0',
    MESSAGE_MAIL_DELAY_SECONDS: '1',
    MAIL_SWEEP_MS: '100',
  });
  [service, second] = await Promise.all([
    startNotifications(loadConfig(notificationsConfigSchema, env)),
    startNotifications(loadConfig(notificationsConfigSchema, { ...env })),
  ]);
  await Promise.all([...service.consumers, ...second.consumers].map((consumer) => consumer.ready()));
});
afterAll(async () => {
  await service?.context.db.dropDatabase().catch(() => undefined);
  await Promise.all([second?.stop(), service?.stop()]);
});

interface Member {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** A member identity told the service about (their address confirmed unless `verified` is false). */
async function member(prefix: string, { verified = true } = {}): Promise<Member> {
  const userId = id();
  const username = uniqueName(prefix);
  const email = `${username}@example.org`;
  await service.context.producer.publish([
    pendingEvent(contactChanged, userId, { userId, username, email, verified }),
  ]);
  await new SessionRevocations(service.context.redis).recordVersion(userId, 0);
  const token = testToken({ id: userId, username, role: 'user', access: ['user'], sessionVersion: 0 });
  await eventually(`${username}'s address to be known`, async () =>
    Boolean(await service.context.db.collection('contacts').findOne({ _id: userId as never })),
  );
  return { id: userId, username, email, token };
}

const as = (who: Member) => ({ authorization: `Bearer ${who.token}` });

async function bellOf(who: Member): Promise<Bell> {
  const res = await request(service.url).get('/api/notifications').set(as(who)).expect(200);
  return bellSchema.parse(res.body);
}

/** Publishes each event twice, as a redelivery after a crash would. */
const twice = (events: PendingEvent[]) => service.context.producer.publish([...events, ...events]);

/** Waits out late duplicates, then reads the mails to `who` whose subject matches. */
async function settledMails(who: Member, subject: RegExp) {
  await new Promise((resolve) => setTimeout(resolve, 700));
  return (await inbox.messagesTo(who.email)).filter((m) => subject.test(m.subject));
}

async function showWithFollower(owner: Member, follower: Member) {
  const podcastId = id();
  const uId = uniqueName('show');
  await service.context.producer.publish([
    pendingEvent(podcastCreated, podcastId, {
      podcastId,
      uId,
      name: `Show ${uId}`,
      ownerId: owner.id,
      category: 'Science',
      status: 'published',
      logoPath: '/media/images/x.png',
    }),
    pendingEvent(podcastFollowed, podcastId, { podcastId, userId: follower.id, followerCount: 1 }),
    // The owner follows their own show too: they are not told of their own episodes.
    pendingEvent(podcastFollowed, podcastId, { podcastId, userId: owner.id, followerCount: 2 }),
  ]);
  await eventually('the follow to be known', async () =>
    Boolean(
      await service.context.db.collection('follows').findOne({ _id: `${podcastId}:${follower.id}` as never }),
    ),
  );
  return { podcastId, uId, name: `Show ${uId}` };
}

function episode(podcastId: string, title: string, status: 'published' | 'draft' = 'published') {
  const episodeId = id();
  const data = { episodeId, podcastId, title, status, publishedAt: new Date().toISOString() };
  return { episodeId, created: pendingEvent(episodeCreated, episodeId, data), data };
}

describe('a new episode of a followed show', () => {
  it('reaches the bell once and the mail as one digest a day', async () => {
    const owner = await member('owner');
    const follower = await member('follower');
    const show = await showWithFollower(owner, follower);

    const first = episode(show.podcastId, 'Pilot');
    const draft = episode(show.podcastId, 'Not yet', 'draft');
    await twice([first.created, draft.created]);
    // Edited after it went out: not announced again.
    await service.context.producer.publish([
      pendingEvent(episodeUpdated, first.episodeId, { ...first.data, title: 'Pilot (remastered)' }),
    ]);

    await eventually('the bell to show the episode', async () => (await bellOf(follower)).unread > 0);
    const digest = await inbox.waitFor(follower.email, (m) => m.subject.startsWith('New on'));
    expect(digest.subject).toBe(`New on ${show.name}: Pilot`);
    expect(digest.text).toContain(`${ORIGIN}/shows/${show.uId}/${first.episodeId}`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const bell = await bellOf(follower);
    expect(bell.unread).toBe(1);
    expect(bell.items).toEqual([
      expect.objectContaining({
        category: 'episodes',
        title: `New episode of ${show.name}`,
        body: 'Pilot',
        href: `/shows/${show.uId}/${first.episodeId}`,
        read: false,
      }),
    ]);
    expect((await bellOf(owner)).items).toEqual([]);

    // A second episode the same day: in the bell at once, in tomorrow's digest (not a second mail today).
    const second = episode(show.podcastId, 'Second');
    await service.context.producer.publish([second.created]);
    await eventually('the second episode in the bell', async () => (await bellOf(follower)).unread === 2);
    expect(await settledMails(follower, /^New on|new episodes/)).toHaveLength(1);
    const queued = await service.context.db.collection('digests').findOne({ _id: follower.id as never });
    expect(queued?.items).toEqual([expect.objectContaining({ episodeId: second.episodeId })]);
  });
});

describe('which shows an episode is announced for', () => {
  it('a show followed before its creation arrived, and not one whose only follower came after', async () => {
    const owner = await member('owner');
    const early = await member('early');
    const late = await member('late');
    const created = (podcastId: string) =>
      pendingEvent(podcastCreated, podcastId, {
        podcastId,
        uId: uniqueName('show'),
        name: 'Show',
        ownerId: owner.id,
        category: 'Science',
        status: 'published',
        logoPath: '/media/images/x.png',
      });
    const [followedFirst, nobodyYet] = [id(), id()];
    // The follow ahead of the show's creation: the show's record must not say "never followed".
    await service.context.producer.publish([
      pendingEvent(podcastFollowed, followedFirst, {
        podcastId: followedFirst,
        userId: early.id,
        followerCount: 1,
      }),
      created(followedFirst),
      created(nobodyYet),
    ]);
    await eventually('both shows to be known', async () =>
      Boolean(
        (await service.context.db
          .collection('shows')
          .findOne({ _id: followedFirst as never, uId: { $exists: true } })) &&
        (await service.context.db.collection('shows').findOne({ _id: nobodyYet as never })),
      ),
    );
    const before = episode(nobodyYet, 'Before anyone followed');
    await service.context.producer.publish([episode(followedFirst, 'Early').created, before.created]);
    await eventually('the early follower told', async () => (await bellOf(early)).unread === 1);
    // The two episodes may be applied in either order (their keys differ): the follow comes only
    // once the one before it is applied, or it would be told of that episode too.
    await eventually('the episode before the follow to be applied', async () =>
      Boolean(
        await service.context.db
          .collection<{ _id: string }>('handled_events')
          .findOne({ _id: { $regex: `:${before.created.envelope.id}$` } }),
      ),
    );

    await service.context.producer.publish([
      pendingEvent(podcastFollowed, nobodyYet, { podcastId: nobodyYet, userId: late.id, followerCount: 1 }),
    ]);
    await eventually('the late follow to be known', async () =>
      Boolean(
        await service.context.db.collection('follows').findOne({ _id: `${nobodyYet}:${late.id}` as never }),
      ),
    );
    await service.context.producer.publish([episode(nobodyYet, 'After the follow').created]);
    await eventually(
      'the late follower told of the next episode',
      async () => (await bellOf(late)).unread === 1,
    );
    expect((await bellOf(late)).items.map((item) => item.body)).toEqual(['After the follow']);
  });
});

describe('requests, invitations and credits', () => {
  it('tell the member in the bell and by mail, once each however often the event arrives', async () => {
    const requester = await member('requester');
    const owner = await member('owner');
    const host = await member('host');
    const admin = id();
    const requestId = id();
    const show = await showWithFollower(owner, requester);
    const guestEpisode = episode(show.podcastId, 'With a guest');
    const hosting = { podcastId: show.podcastId, userId: host.id, podcastName: show.name };
    await twice([
      pendingEvent(requestApproved, requestId, {
        requestId,
        userId: requester.id,
        username: requester.username,
        role: 'owner',
        status: 'approved',
        reviewerId: admin,
        note: 'Welcome aboard!',
      }),
      pendingEvent(hostInvited, show.podcastId, hosting),
      pendingEvent(hostConfirmed, show.podcastId, hosting),
      pendingEvent(guestAdded, guestEpisode.episodeId, {
        episodeId: guestEpisode.episodeId,
        podcastId: show.podcastId,
        userId: requester.id,
        title: 'With a guest',
      }),
    ]);

    await eventually('every bell to be told', async () => {
      const [a, b, c] = await Promise.all([bellOf(requester), bellOf(host), bellOf(owner)]);
      return a.unread >= 2 && b.unread >= 1 && c.unread >= 1;
    });
    await inbox.waitFor(owner.email, (m) => /accepted to host/.test(m.subject));
    // Two topics, so either may arrive first: the bell holds each once, newest first.
    const told = (await bellOf(requester)).items.map((item) => [item.category, item.title]);
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        ['guests', 'You are credited as a guest on “With a guest”'],
        ['requests', 'Your request for owner access was approved'],
      ]),
    );
    expect((await bellOf(host)).items.map((item) => item.title)).toEqual([
      `${owner.username} invited you to host ${show.name}`,
    ]);
    expect((await bellOf(owner)).items.map((item) => item.title)).toEqual([
      `${host.username} accepted to host ${show.name}`,
    ]);
    expect(await settledMails(requester, /approved/)).toHaveLength(1);
    expect(await settledMails(requester, /guest/)).toHaveLength(1);
    expect(await settledMails(host, /invited you/)).toHaveLength(1);
    const [approval] = await settledMails(requester, /approved/);
    expect(approval!.text).toContain('Welcome aboard!');
    expect(approval!.text).toContain(`${ORIGIN}/requests/access`);
  });

  it('mails only confirmed addresses', async () => {
    const unconfirmed = await member('unconfirmed', { verified: false });
    const requestId = id();
    await service.context.producer.publish([
      pendingEvent(requestRejected, requestId, {
        requestId,
        userId: unconfirmed.id,
        username: unconfirmed.username,
        role: 'guest',
        status: 'rejected',
        reviewerId: id(),
        note: 'Not yet.',
      }),
    ]);
    await eventually('the bell to be told', async () => (await bellOf(unconfirmed)).unread === 1);
    expect(await settledMails(unconfirmed, /.*/)).toEqual([]);
  });
});

describe('a message left unread', () => {
  it('is mailed once per conversation after the delay, and again only after a read', async () => {
    const sender = await member('sender');
    const reader = await member('reader');
    const prompt = await member('prompt');
    const conversationId = id();
    const quickOne = id();
    const sent = (conversation: string, to: Member) =>
      pendingEvent(messageSent, conversation, {
        conversationId: conversation,
        messageId: id(),
        senderId: sender.id,
        recipientIds: [to.id],
        sentAt: new Date().toISOString(),
      });
    await service.context.producer.publish([sent(conversationId, reader), sent(conversationId, reader)]);
    // Read before the delay is up: never mailed.
    await service.context.producer.publish([
      sent(quickOne, prompt),
      pendingEvent(conversationRead, quickOne, {
        conversationId: quickOne,
        userId: prompt.id,
        readAt: new Date().toISOString(),
      }),
    ]);

    const mail = await inbox.waitFor(reader.email, (m) => /sent you a message/.test(m.subject));
    expect(mail.subject).toBe(`${sender.username} sent you a message on PODZ`);
    expect(mail.text).toContain(`${ORIGIN}/messages`);
    await service.context.producer.publish([sent(conversationId, reader)]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await settledMails(reader, /sent you a message/)).toHaveLength(1);
    expect(await settledMails(prompt, /sent you a message/)).toEqual([]);

    await service.context.producer.publish([
      pendingEvent(conversationRead, conversationId, {
        conversationId,
        userId: reader.id,
        readAt: new Date().toISOString(),
      }),
      sent(conversationId, reader),
    ]);
    await inbox.waitFor(reader.email, (m) => /sent you a message/.test(m.subject), { count: 2 });
  });
});

describe('the bell and its switches', () => {
  async function approved(who: Member) {
    const requestId = id();
    await service.context.producer.publish([
      pendingEvent(requestApproved, requestId, {
        requestId,
        userId: who.id,
        username: who.username,
        role: 'guest',
        status: 'approved',
        reviewerId: id(),
        note: '',
      }),
    ]);
  }

  it('marks one notification read, then all of them', async () => {
    const who = await member('reads');
    await approved(who);
    await approved(who);
    await eventually('two notifications', async () => (await bellOf(who)).unread === 2);
    const [newest] = (await bellOf(who)).items;
    const one = await request(service.url)
      .post('/api/notifications/read')
      .set(as(who))
      .send({ ids: [newest!.id] })
      .expect(200);
    expect(one.body.unread).toBe(1);
    expect(one.body.items[0].read).toBe(true);
    const all = await request(service.url).post('/api/notifications/read-all').set(as(who)).expect(200);
    expect(all.body.unread).toBe(0);
  });

  it('unsubscribes one category by the signed link in a mail, with no session', async () => {
    const who = await member('unsub');
    await approved(who);
    const mail = await inbox.waitFor(who.email, (m) => /approved/.test(m.subject));
    const page = linkIn(mail, `${ORIGIN}/unsubscribe?token=`);
    const token = new URL(page).searchParams.get('token')!;

    // Forged or for another category: refused, nothing changes.
    const [userId, , signature] = token.split('.');
    for (const forged of [`${userId}.hosting.${signature}`, `${id()}.requests.${signature}`, 'nonsense']) {
      const res = await request(service.url).post('/api/notifications/unsubscribe').send({ token: forged });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    // A mail app's one-click POST (RFC 8058): the token in the query, a form body.
    const oneClick = await request(service.url)
      .post(`/api/notifications/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(oneClick.body).toEqual({ category: 'requests', label: 'Your access requests reviewed' });

    const prefs = await request(service.url).get('/api/notifications/preferences').set(as(who)).expect(200);
    expect(prefs.body.email.requests).toBe(false);
    expect(prefs.body.bell.requests).toBe(true);
    await approved(who);
    await eventually('the bell still to be told', async () => (await bellOf(who)).unread === 2);
    expect(await settledMails(who, /approved/)).toHaveLength(1);
  });

  it('keeps a category out of the bell when the member turns it off', async () => {
    const who = await member('quiet');
    const res = await request(service.url)
      .put('/api/notifications/preferences')
      .set(as(who))
      .send({ bell: { requests: false } })
      .expect(200);
    expect(res.body).toEqual({
      bell: { episodes: true, requests: false, hosting: true, guests: true },
      email: { episodes: true, requests: true, hosting: true, guests: true, messages: true },
    });
    await approved(who);
    await inbox.waitFor(who.email, (m) => /approved/.test(m.subject));
    expect((await bellOf(who)).items).toEqual([]);
  });

  it('forgets a deleted member: their bell, switches, address and follows', async () => {
    const owner = await member('keeps');
    const who = await member('leaves');
    const show = await showWithFollower(owner, who);
    await approved(who);
    await request(service.url)
      .put('/api/notifications/preferences')
      .set(as(who))
      .send({ bell: { guests: false } })
      .expect(200);
    await eventually('the bell', async () => (await bellOf(who)).unread === 1);
    await service.context.producer.publish([
      pendingEvent(userDeleted, who.id, { userId: who.id, username: who.username }),
    ]);
    const db = service.context.db;
    await eventually('everything of theirs to go', async () => {
      const left = await Promise.all(
        ['bells', 'preferences', 'contacts'].map((name) =>
          db.collection(name).findOne({ _id: who.id as never }),
        ),
      );
      const follow = await db.collection('follows').findOne({ _id: `${show.podcastId}:${who.id}` as never });
      return left.every((doc) => doc === null) && follow === null;
    });
    expect(
      await db.collection('follows').findOne({ _id: `${show.podcastId}:${owner.id}` as never }),
    ).not.toBeNull();
  });

  it('refuses bad input and callers without a session', async () => {
    const who = await member('input');
    await request(service.url).get('/api/notifications').expect(401);
    await request(service.url).get('/api/notifications/preferences').expect(401);
    const cases: [string, string, unknown][] = [
      ['post', '/api/notifications/read', { ids: [] }],
      ['post', '/api/notifications/read', { ids: ['a b'] }],
      ['post', '/api/notifications/read', { ids: 'all' }],
      ['put', '/api/notifications/preferences', { bell: { messages: true } }],
      ['put', '/api/notifications/preferences', { email: { requests: 'no' } }],
      ['put', '/api/notifications/preferences', { sms: {} }],
    ];
    for (const [method, path, body] of cases) {
      const res = await (method === 'post' ? request(service.url).post(path) : request(service.url).put(path))
        .set(as(who))
        .send(body as object);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});
