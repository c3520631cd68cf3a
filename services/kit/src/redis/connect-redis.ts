import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

export type { Redis };

/** A Redis client that fails fast while disconnected instead of queueing commands forever. */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While disconnected, commands fail at once: a gateway must not hold requests for seconds
    // waiting on reconnects; callers decide whether to fail open or closed.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
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
