import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { mediaConfigSchema, type MediaConfig } from '../../../media/src/config';
import { startMedia } from '../../../media/src/media-service';

export type TestMedia = RunningService<MediaConfig>;

/**
 * Media beside a catalog a test is about to start: the same folder for the bytes, the listeners'
 * salts named after catalog's database. Catalog is then started with `MEDIA_URL: media.url`.
 * It runs no processing jobs unless asked (`MEDIA_JOB_SLOTS`): a rendition adopted a second after
 * an upload would move the episodes of suites that are about something else.
 */
export function startMediaBeside(
  catalogDatabase: string,
  overrides: Record<string, string> = {},
): Promise<TestMedia> {
  return startMedia(
    loadConfig(
      mediaConfigSchema,
      testServiceEnv('media', { CATALOG_DATABASE: catalogDatabase, MEDIA_JOB_SLOTS: '0', ...overrides }),
    ),
  );
}
