import { PeriodicTask, startService } from '@podz/kit';
import { CatalogClient } from './clients/catalog-client';
import { IdentityClient } from './clients/identity-client';
import type { SearchConfig } from './config';
import { keepDocuments } from './consumers/keep-documents';
import { DocumentStore } from './data/document-store';
import { EmbeddedIndex } from './data/embedded-index';
import { IndexFollower } from './data/index-follower';
import { OpenSearchIndex } from './data/opensearch-index';
import type { SearchEngine } from './data/search-engine';
import { SnapshotFile } from './data/snapshot-file';
import type { SearchDeps } from './domain/search-deps';
import { refreshPending } from './domain/refresh-later';
import { searchRoutes } from './http/search-routes';

/** How often documents whose owner did not answer are read again. */
const PENDING_SWEEP_MS = 2_000;

/**
 * The search service: shows, episodes and people as any visitor may see them, kept from the
 * domain events (each event reads the thing again from its owner) in a document store every
 * instance's index follows (docs/search.md). It publishes nothing.
 */
export async function startSearch(config: SearchConfig) {
  let follower: IndexFollower | undefined;
  const running = await startService({
    name: 'search',
    config,
    setup: async (context) => {
      const { db, redis, logger } = context;
      const documents = new DocumentStore(redis, documentPrefix(db.name));
      const engine = engineOf(config, db.name);
      const following = new IndexFollower(documents, engine, redis, logger);
      await following.start();
      follower = following;
      const deps: SearchDeps = {
        documents,
        engine,
        catalog: new CatalogClient(config.CATALOG_URL),
        identity: new IdentityClient(config.IDENTITY_URL),
      };
      return {
        routes: [searchRoutes(deps)],
        consumers: [{ groupId: 'search', subscriptions: keepDocuments(deps), idempotentHandlers: true }],
        tasks: [
          new PeriodicTask('search pending refreshes', PENDING_SWEEP_MS, () => refreshPending(deps), logger),
          new PeriodicTask(
            'search checkpoint',
            config.SEARCH_SNAPSHOT_SECONDS * 1000,
            () => following.saveCheckpoint(),
            logger,
          ),
        ],
        beforeStop: () => following.stop(),
      };
    },
  });
  if (!follower) throw new Error('search started without its index');
  return { ...running, follower };
}

function engineOf(config: SearchConfig, database: string): SearchEngine {
  if (config.SEARCH_ENGINE === 'opensearch' && config.OPENSEARCH_URL) {
    return new OpenSearchIndex(
      config.OPENSEARCH_URL,
      config.OPENSEARCH_INDEX_PREFIX ?? indexPrefix(database),
    );
  }
  return new EmbeddedIndex(new SnapshotFile(config.SEARCH_SNAPSHOT_DIR));
}

/** OpenSearch index names are lower case. */
export const indexPrefix = (database: string) => database.toLowerCase().replace(/[^a-z0-9_-]/g, '-');

/** Where a deployment's documents live in Redis (its database name keeps deployments apart). */
export const documentPrefix = (database: string) => `search:${database}`;
