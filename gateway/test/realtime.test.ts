import { io, type Socket } from 'socket.io-client';
import type { RunningService } from '@podz/kit';
import { freePort } from '@podz/kit/testing';
import { SESSION_COOKIE, SOCKET_EVENTS, SOCKET_PATH, type Message } from '@podz/proto';
import type { MessagingConfig } from '../../services/messaging/src/config';
import { startMessagingInstance } from '../../services/messaging/test/support/messaging-harness';
import type { RunningGateway } from '../src/gateway';
import { AFFINITY_COOKIE } from '../src/proxy';
import { startIdentityPlatform, startTestGateway, type IdentityPlatform } from './support/identity-platform';
import { SiteBrowser } from './support/site-browser';

/**
 * Realtime as a browser lives it: Socket.IO through the gateway, authenticated by the session
 * cookie, with two messaging instances behind two gateways sharing one Redis adapter.
 */
let first: RunningService<MessagingConfig>;
let second: RunningService<MessagingConfig>;
let platform: IdentityPlatform;
let otherGateway: RunningGateway;
/** One gateway over both instances (MESSAGING_URL=first,second), as `npm start -- --instances 2` runs. */
let bothGateway: RunningGateway;
const sockets: Socket[] = [];

beforeAll(async () => {
  first = await startMessagingInstance();
  second = await startMessagingInstance({}, first.context.config.MONGO_DB);
  platform = await startIdentityPlatform({ MESSAGING_URL: first.url });
  otherGateway = await startTestGateway(await freePort(), platform.origin, {
    IDENTITY_URL: platform.identity.url,
    MESSAGING_URL: second.url,
  });
  bothGateway = await startTestGateway(await freePort(), platform.origin, {
    IDENTITY_URL: platform.identity.url,
    MESSAGING_URL: `${first.url},${second.url}`,
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await otherGateway?.stop();
  await bothGateway?.stop();
  await platform?.stop();
  await first?.context.db.dropDatabase().catch(() => undefined);
  // Together: a replica left alone would first rejoin its consumer group, which takes seconds.
  await Promise.all([second?.stop(), first?.stop()]);
});

/** A tab of the browser: a socket through `url` carrying the browser's cookie, as a page's would. */
function openTab(
  browser: SiteBrowser | undefined,
  url = platform.origin,
  origin?: string,
  options: { polling?: boolean; cookies?: string } = {},
): Promise<Socket> {
  const cookie = browser
    ? [`${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`, options.cookies].filter(Boolean).join('; ')
    : undefined;
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: options.polling ? ['polling'] : ['websocket'],
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  // A tab is ready once it has the count the server sends on accepting it (the badge's first value).
  return new Promise((resolve, reject) => {
    socket.once(SOCKET_EVENTS.messageCount, () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function within<T>(socket: Socket, event: string, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function userId(browser: SiteBrowser): Promise<string> {
  return (await browser.json('/api/auth/session')).body.user.id;
}

/** Until messaging has heard of the user from identity, it cannot address them. */
async function startConversation(from: SiteBrowser, to: string, text: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await from.json('/api/conversations', 'POST', { recipientId: to, text });
    if (res.status !== 404) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('messaging never heard of the recipient');
}

describe('Socket.IO through the gateway', () => {
  it("delivers A's message and B's new count to both of B's tabs within 500 ms", async () => {
    const [a, b] = await Promise.all([
      SiteBrowser.member(platform.origin, 'rt'),
      SiteBrowser.member(platform.origin, 'rt'),
    ]);
    // Warm the pair up so the timed message measures delivery, not the first read-model wait.
    const warm = await startConversation(a, await userId(b), 'warming up');
    expect(warm.status).toBe(201);
    await b.json(`/api/conversations/${warm.body.conversation.id}`, 'PUT');

    const tabs = await Promise.all([openTab(b), openTab(b)]);
    const arrivals = tabs.map((tab) =>
      Promise.all([
        within<{ message: Message }>(tab, SOCKET_EVENTS.messageNew, 500),
        within<{ count: number }>(tab, SOCKET_EVENTS.messageCount, 500),
      ]),
    );
    const sent = await a.json(`/api/conversations/${warm.body.conversation.id}`, 'POST', {
      text: 'Ping from A',
    });
    expect(sent.status).toBe(201);
    for (const [pushed, count] of await Promise.all(arrivals)) {
      expect(pushed.message.text).toBe('Ping from A');
      expect(count).toEqual({ count: 1 });
    }
    expect((await b.json('/api/conversations/count')).body).toEqual({ count: 1 });
  });

  it('refuses a socket without a session, and one opened from another site', async () => {
    await expect(openTab(undefined)).rejects.toThrow('unauthorized');
    const b = await SiteBrowser.member(platform.origin, 'rt');
    await expect(openTab(b, platform.origin, 'https://evil.example')).rejects.toThrow();
    // The same browser from the site itself is welcome.
    const tab = await openTab(b, platform.origin, platform.origin);
    expect(tab.connected).toBe(true);
  });

  it('reaches a client connected to the other messaging instance', async () => {
    const [a, b] = await Promise.all([
      SiteBrowser.member(platform.origin, 'rt'),
      SiteBrowser.member(platform.origin, 'rt'),
    ]);
    const bId = await userId(b);
    const onOther = await openTab(b, otherGateway.url);
    const pushed = within<{ message: Message }>(onOther, SOCKET_EVENTS.messageNew, 5000);
    const sent = await startConversation(a, bId, 'through instance one');
    expect(sent.status).toBe(201);
    expect((await pushed).message.text).toBe('through instance one');
  });

  it('keeps a long-polling session on one of several instances behind one gateway, and pushes to it', async () => {
    const [a, b] = await Promise.all([
      SiteBrowser.member(platform.origin, 'rt'),
      SiteBrowser.member(platform.origin, 'rt'),
    ]);
    // The affinity cookie as the gateway set it on the handshake (a browser keeps it; this client
    // does not keep cookies, so it sends it from the start). Without affinity the polls would go to
    // both instances in turn, and the one that did not open the session refuses it.
    const polling = await openTab(b, bothGateway.url, undefined, {
      polling: true,
      cookies: `${AFFINITY_COOKIE}=1`,
    });
    const pushed = within<{ message: Message }>(polling, SOCKET_EVENTS.messageNew, 5000);
    const sent = await startConversation(a, await userId(b), 'to a polling tab');
    expect(sent.status).toBe(201);
    expect((await pushed).message.text).toBe('to a polling tab');
    expect(polling.io.engine.transport.name).toBe('polling');
  });
});
