import path from 'node:path';
import { spawnService, testServiceEnv, type ServiceChild } from '@podz/kit/testing';
import type { CatalogPlatform } from '../../../catalog/test/support/catalog-harness';

const ENTRY = path.join(__dirname, '..', '..', 'src', 'main.ts');

/**
 * Media's real entry point as a process of its own beside a platform's media: the same store,
 * broker, cache and files, what a replica is; `overrides` go to its environment.
 */
export function spawnMediaReplica(
  platform: CatalogPlatform,
  overrides: Record<string, string>,
): Promise<ServiceChild> {
  const { config } = platform.media.context;
  return spawnService(
    ENTRY,
    testServiceEnv('media', {
      MONGO_DB: config.MONGO_DB,
      MEDIA_DIR: platform.mediaDir,
      CATALOG_DATABASE: config.CATALOG_DATABASE,
      PREMIUM_LINK_SECRET: config.PREMIUM_LINK_SECRET,
      ...overrides,
    }),
  );
}
