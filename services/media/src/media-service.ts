import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import { EntitlementBook } from '@podz/read-models';
import type { MediaConfig } from './config';
import { catalogCopySubscriptions } from './consumers/catalog-copy';
import { entitlementSubscriptions } from './consumers/entitlement-sync';
import { CatalogCopies } from './data/catalog-copies';

/**
 * The media service: the byte path of the network. It keeps, in a database of its own, a copy of
 * catalog's shows and episodes (which show and episode a file is, and who may hear it) from
 * catalog's events, and which plan each member holds (its entitlement book) from identity's and
 * billing's; it publishes no events yet.
 */
export function startMedia(config: MediaConfig) {
  return startService({
    name: 'media',
    config,
    topics: [TOPICS.catalogPodcast, TOPICS.catalogEpisode, TOPICS.identityUser, TOPICS.billingSubscription],
    setup: async ({ db }) => {
      const copies = new CatalogCopies(db);
      const entitlements = new EntitlementBook(db);
      await Promise.all([copies.init(), entitlements.init()]);
      return {
        consumers: [
          // Set by key from each event: harmless twice, so no handled-event records.
          {
            groupId: 'media-catalog',
            subscriptions: catalogCopySubscriptions(copies),
            idempotentHandlers: true,
          },
          // Each write carries its event's time and an older word never wins.
          {
            groupId: 'media-entitlements',
            subscriptions: entitlementSubscriptions(entitlements),
            idempotentHandlers: true,
          },
        ],
      };
    },
  });
}
