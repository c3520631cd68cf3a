import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  closeRedis,
  sessionFromHeaders,
  verifySessionToken,
  type AuthUser,
  type Logger,
  type SessionRevocations,
} from '@podz/kit';
import { SOCKET_EVENTS, SOCKET_PATH, userRoom } from '@podz/proto';
import type { Notifier } from '../domain/messaging-deps';

export interface SocketServerOptions {
  publicKey: string;
  revocations: SessionRevocations;
  connectRedis: () => Promise<Redis>;
  redisPrefix: string;
  logger: Logger;
  /** The count a socket gets on connecting, so a new tab's badge is right at once. */
  countFor: (userId: string) => Promise<number>;
}

export interface SocketServer {
  notifier: Notifier;
  /** Starts answering on the service's HTTP server. */
  attach(http: HttpServer): void;
  close(): Promise<void>;
}

/**
 * Socket.IO at `/socket.io`. The handshake carries the session like any request (the cookie
 * through the gateway, or `auth.token` / `Authorization` from other clients) and is refused without
 * a valid, unrevoked one. Each socket joins `user:<id>`; the Redis adapter carries a push to the
 * sockets connected to the other instances.
 */
export async function createSocketServer(options: SocketServerOptions): Promise<SocketServer> {
  const io = new Server({ path: SOCKET_PATH, serveClient: false });
  // The adapter needs connections of its own: a subscribed connection can do nothing else.
  const [pub, sub] = await Promise.all([options.connectRedis(), options.connectRedis()]);
  io.adapter(createAdapter(pub, sub, { key: options.redisPrefix }));

  io.use((socket, next) => {
    const { headers, auth } = socket.handshake;
    const token =
      sessionFromHeaders(headers) ?? (typeof auth?.token === 'string' ? (auth.token as string) : undefined);
    const user = token ? verifySessionToken(token, options.publicKey) : undefined;
    if (!user) {
      next(new Error('unauthorized'));
      return;
    }
    options.revocations.isActive(user).then(
      (active) => {
        if (!active) return next(new Error('unauthorized'));
        socket.data.user = user;
        next();
      },
      () => next(new Error('unavailable')),
    );
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthUser;
    void socket.join(userRoom(user.id));
    options.countFor(user.id).then(
      (count) => socket.emit(SOCKET_EVENTS.messageCount, { count }),
      (err: unknown) => options.logger.warn({ err }, 'initial count failed'),
    );
  });

  return {
    notifier: { push: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload) },
    attach: (http) => void io.attach(http),
    close: async () => {
      // Sockets go first, so the HTTP server can close without waiting out upgraded connections.
      // Only this instance's: through the adapter, one instance stopping would disconnect every
      // other instance's sockets too.
      io.local.disconnectSockets(true);
      io.engine?.close();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
