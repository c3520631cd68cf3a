import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { MediaConfig } from './config';
import { catalogCopySubscriptions } from './consumers/catalog-copy';
import { CatalogCopies } from './data/catalog-copies';

/**
 * The media service: the byte path of the network. It keeps a copy of catalog's shows and
 * episodes (which show and episode a file is, and who may hear it) from catalog's events, in a
 * database of its own; it publishes no events yet.
 */
export function startMedia(config: MediaConfig) {
  return startService({
    name: 'media',
    config,
    topics: [TOPICS.catalogPodcast, TOPICS.catalogEpisode],
    setup: async ({ db }) => {
      const copies = new CatalogCopies(db);
      await copies.init();
      return {
        consumers: [
          // Set by key from each event: harmless twice, so no handled-event records.
          {
            groupId: 'media-catalog',
            subscriptions: catalogCopySubscriptions(copies),
            idempotentHandlers: true,
          },
        ],
      };
    },
  });
}
