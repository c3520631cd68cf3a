import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

export type { Redis };

export interface RedisOptions {
  /**
   * Commands issued in the same tick (by many requests at once) leave in one write: under load a
   * syscall per command was a fifth of catalog's CPU on its public pages, and messaging's socket
   * pushes (a publish each) showed the same way in its profile. Off by default: a command issued
   * as the client quits fails with "Connection is closed" instead of being sent first, so a
   * service turns it on once nothing it runs issues one then (messaging's socket server did: it
   * asked every instance, through the adapter, to drop its sockets as it stopped).
   */
  autoPipelining?: boolean;
}

/** A Redis client that fails fast while disconnected instead of queueing commands forever. */
export async function connectRedis(
  url: string,
  logger: Logger,
  { autoPipelining = false }: RedisOptions = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While disconnected, commands fail at once: a gateway must not hold requests for seconds
    // waiting on reconnects; callers decide whether to fail open or closed.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    enableAutoPipelining: autoPipelining,
  });
  redis.on('error', (err) => logger.warn({ err: String(err) }, 'redis error'));
  await redis.connect();
  await redis.ping();
  return redis;
}

/**
 * Closes politely when Redis is there; otherwise stops reconnecting, since a QUIT sent while
 * ioredis reconnects answers OK yet leaves it retrying forever, keeping the process alive.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
