import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

/**
 * A service's shared answers may carry `Surrogate-Key: <key>` and `Surrogate-Control: max-age=N`
 * (the W3C Edge Architecture headers, as CDNs read them): the gateway, the surrogate, may then hold
 * them for N seconds instead of `s-maxage`'s one, because the service announces here, under that
 * key, the moment anything they show changes. The gateway strips both headers before the client.
 */
export const SURROGATE_PURGE_CHANNEL = 'podz:surrogate-purge';

/** Every answer tagged `key`, on every gateway, is dropped now. */
export async function purgeSurrogateKey(redis: Redis, key: string): Promise<void> {
  await redis.publish(SURROGATE_PURGE_CHANNEL, key);
}

export interface SurrogatePurges {
  /** True while purges are being heard: only then may answers be held past `s-maxage`. */
  readonly live: boolean;
  /** A count of the purges heard so far (and of losses of the channel), to pass to `purgedSince`. */
  readonly heard: number;
  /**
   * Whether `key` was purged (or the channel lost) after `heard` read `since`: an answer asked for
   * before then may predate the change, so it is not held long.
   */
  purgedSince(key: string, since: number): boolean;
  stop(): Promise<void>;
}

/** Keys whose last purge is remembered; a network has one per catalog database, tests a few hundred. */
const REMEMBERED_KEYS = 1_000;

/**
 * Listens for purges on a connection of its own (a subscribed connection takes no other command).
 * While it is disconnected no purge is heard, so `onPurge(undefined)` asks the caller to drop
 * every long-held answer, and none is held long again until the channel is subscribed once more.
 */
export async function listenForPurges(
  redis: Redis,
  logger: Logger,
  onPurge: (key: string | undefined) => void,
  connectionName = 'podz-surrogate-purges',
): Promise<SurrogatePurges> {
  // Subscribed again by hand on each reconnect, so `live` turns true only once it is.
  const subscriber = redis.duplicate({
    autoResubscribe: false,
    enableAutoPipelining: false,
    lazyConnect: true,
    connectionName,
  });
  let live = false;
  let heard = 0;
  let stopped = false;
  // Each key's last purge, oldest first; a key forgotten counts as purged when the newest forgotten was.
  const lastPurge = new Map<string, number>();
  let forgotten = 0;
  const purge = (key: string | undefined) => {
    heard += 1;
    if (key === undefined) {
      lastPurge.clear();
      forgotten = heard;
    } else {
      lastPurge.delete(key);
      lastPurge.set(key, heard);
      if (lastPurge.size > REMEMBERED_KEYS) {
        const [oldest, at] = lastPurge.entries().next().value as [string, number];
        lastPurge.delete(oldest);
        forgotten = at;
      }
    }
    onPurge(key);
  };
  subscriber.on('error', (err) => logger.warn({ err: String(err) }, 'surrogate purge channel error'));
  subscriber.on('message', (channel: string, key: string) => {
    if (channel === SURROGATE_PURGE_CHANNEL) purge(key);
  });
  subscriber.on('close', () => {
    if (!live) return;
    live = false;
    purge(undefined);
  });
  const subscribe = async () => {
    try {
      await subscriber.subscribe(SURROGATE_PURGE_CHANNEL);
      if (!stopped) live = true;
    } catch (err) {
      logger.warn({ err: String(err) }, 'surrogate purge channel not subscribed; answers held briefly');
    }
  };
  subscriber.on('ready', () => void subscribe());
  await subscriber.connect();
  // 'ready' fired inside connect(); wait for its subscription so the first answers are held long.
  await subscribe();
  return {
    get live() {
      return live;
    },
    get heard() {
      return heard;
    },
    purgedSince: (key, since) => (lastPurge.get(key) ?? forgotten) > since,
    stop: async () => {
      stopped = true;
      live = false;
      subscriber.disconnect();
    },
  };
}
