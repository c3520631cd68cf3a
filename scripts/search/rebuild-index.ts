/**
 * `npm run search:rebuild`: reads every public show, episode and person from catalog and identity
 * again and stores them, then removes what is no longer public; every running search instance's
 * index follows the changes as they are stored. Reads the search service's environment
 * (MONGO_DB names the deployment, CATALOG_URL and IDENTITY_URL the owners, REDIS_URL the store).
 */
import { Redis } from 'ioredis';
import { loadConfig } from '../../services/kit/src';
import { CatalogClient } from '../../services/search/src/clients/catalog-client';
import { IdentityClient } from '../../services/search/src/clients/identity-client';
import { searchConfigSchema } from '../../services/search/src/config';
import { DocumentStore } from '../../services/search/src/data/document-store';
import { rebuildDocuments } from '../../services/search/src/domain/rebuild-documents';
import { documentPrefix } from '../../services/search/src/search-service';

async function main() {
  const config = loadConfig(searchConfigSchema, process.env);
  const redis = new Redis(config.REDIS_URL);
  try {
    const report = await rebuildDocuments(
      {
        // Documents only: the running instances' indexes take them from the change stream.
        documents: new DocumentStore(redis, documentPrefix(config.MONGO_DB)),
        catalog: new CatalogClient(config.CATALOG_URL),
        identity: new IdentityClient(config.IDENTITY_URL),
      },
      (stored) => process.stdout.write(`\r  ${stored} documents stored`),
    );
    console.log(
      `\nrebuilt: ${report.stored} documents stored, ${report.removed} removed, in ${report.seconds.toFixed(1)} s ` +
        `(${Math.round(report.stored / report.seconds)} documents/s)`,
    );
  } finally {
    redis.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
