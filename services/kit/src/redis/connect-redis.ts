import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

export type { Redis };

/** A Redis client that fails fast while disconnected instead of queueing commands forever. */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (err) => logger.warn({ err: String(err) }, 'redis error'));
  await redis.connect();
  await redis.ping();
  return redis;
}
