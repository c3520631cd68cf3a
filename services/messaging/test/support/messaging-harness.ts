import { io, type Socket } from 'socket.io-client';
import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { SOCKET_EVENTS, SOCKET_PATH, type Access } from '@podz/proto';
import { knownTo, People, type Member } from '../../../identity/test/support/people';
import { messagingConfigSchema, type MessagingConfig } from '../../src/config';
import { startMessaging } from '../../src/messaging-service';

export { bearer } from '../../../identity/test/support/identity-harness';
export type { Member };

/** Each suite's sockets talk only to its own instances. */
const SOCKET_PREFIX = `podz:socket.io:test:${process.pid}:${Math.random().toString(36).slice(2)}`;

/**
 * Messaging with the real identity beside it, on the real store, broker and cache: users reach
 * messaging through `identity.user.v1`, and their tokens are real sessions.
 */
export class MessagingPlatform {
  private readonly sockets: Socket[] = [];

  private constructor(
    readonly people: People,
    readonly messaging: RunningService<MessagingConfig>,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<MessagingPlatform> {
    const people = await People.start();
    const messaging = await startMessagingInstance(overrides);
    return new MessagingPlatform(people, messaging);
  }

  get url(): string {
    return this.messaging.url;
  }

  member(role: Access = 'user', access: Access[] = [role]): Promise<Member> {
    return this.people.member(this.messaging.context.db, role, access);
  }

  known(userId: string): Promise<void> {
    return knownTo(this.messaging.context.db, userId);
  }

  /** A connected socket for the token (or none), on `url`; closed when the platform stops. */
  connect(url: string, token?: string): Promise<Socket> {
    const socket = io(url, {
      path: SOCKET_PATH,
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.sockets.push(socket);
    // The server sends the count as soon as it accepts the socket: listen before that can happen.
    const firstCount = nextEvent<{ count: number }>(socket, SOCKET_EVENTS.messageCount);
    // A refused socket never gets one; only a test that asks for it should hear about that.
    firstCount.catch(() => undefined);
    firstCounts.set(socket, firstCount);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => reject(err));
    });
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.disconnect();
    await this.messaging.context.db.dropDatabase().catch(() => undefined);
    await this.messaging.stop();
    await this.people.stop();
  }
}

/** One more messaging instance on the same store, broker and Redis (what a second replica is). */
export function startMessagingInstance(overrides: Record<string, string> = {}, database?: string) {
  return startMessaging(
    loadConfig(
      messagingConfigSchema,
      testServiceEnv('messaging', {
        SOCKET_REDIS_PREFIX: SOCKET_PREFIX,
        MESSAGE_RATE_PER_MINUTE: '20',
        ...(database ? { MONGO_DB: database } : {}),
        ...overrides,
      }),
    ),
  );
}

const firstCounts = new WeakMap<Socket, Promise<{ count: number }>>();

/** The new-message count the server sent when it accepted the socket. */
export async function countOnConnect(socket: Socket): Promise<number> {
  return (await firstCounts.get(socket)!).count;
}

/** The next `event` the socket receives, or a failure after `withinMs`. */
export function nextEvent<T>(socket: Socket, event: string, withinMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${withinMs} ms`)), withinMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
