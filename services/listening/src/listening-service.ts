import { DirectRoutes, startService } from '@podz/kit';
import type { ListeningConfig } from './config';
import { PlaceArchive } from './data/place-archive';
import { PlaceCache } from './data/place-cache';
import { placeFlusher } from './data/place-flusher';
import { QueueStore } from './data/queue-store';
import { listeningRoutes } from './http/listening-routes';

/** The listening service: members' places in episodes (resume on any device) and their queues. */
export function startListening(config: ListeningConfig) {
  return startService({
    name: 'listening',
    config,
    setup: async ({ db, redis, logger }) => {
      const cache = new PlaceCache(redis, `listening:${db.name}`);
      const archive = new PlaceArchive(db);
      const queues = new QueueStore(db);
      await Promise.all([archive.init(), queues.init()]);
      const direct = new DirectRoutes();
      return {
        routes: [listeningRoutes({ cache, archive, queues }, direct)],
        direct,
        tasks: [
          placeFlusher(
            cache,
            archive,
            { everyMs: config.POSITION_FLUSH_MS, storeAfterMs: config.POSITION_STORE_AFTER_MS },
            logger,
          ),
        ],
      };
    },
  });
}
