import path from 'node:path';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { DirectHandler } from '../http/direct-request';
import type { Logger } from '../logging/logger';
import { CountryTable } from './country-of';
import { ListenerSalts } from './listener-hash';
import { prepareListens, recordListens, type Heard, type ListenPreparation } from './record-listens';

/** The recorder's settings, for the configs of the services that record (catalog, media). */
export const listenSettings = {
  /** Record every feed and audio request on the listen stream (`catalog.listen.v1`). */
  LISTEN_RECORDING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * How long a listen record may wait in the process before its batch leaves: with the batch in
   * flight, what a SIGKILL can lose (docs/analytics.md).
   */
  LISTEN_LINGER_MS: z.coerce.number().int().min(0).max(5000).default(200),
};

export interface ListenRecorder {
  audio: DirectHandler;
  feed: DirectHandler;
}

const pass: DirectHandler = (_req, _res, next) => next();

/**
 * The Redis key prefix of the listeners' salts. Catalog (feeds) and media (audio) hash one
 * listener alike only when they share the salts, so both name them after catalog's database, as
 * they were named when catalog alone recorded listens.
 */
export const listenerSaltPrefix = (catalogDatabase: string) => `catalog:${catalogDatabase}:listener-salt`;

/** Where the country package keeps its CSV files, however the workspace was installed. */
function countryDataDirectory(): string {
  return path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
}

/** The listen recorder's handlers; off (`LISTEN_RECORDING=false`), requests pass untouched. */
export function listenRecorder(on: boolean, push: (heard: Heard) => void, logger: Logger): ListenRecorder {
  if (!on) return { audio: pass, feed: pass };
  return recordListens({ push, logger });
}

/** What turns a batch of requests into listen records: the record stream's `prepare`. */
export function listenPreparation(options: {
  redis: Redis;
  saltPrefix: string;
  logger: Logger;
  whereOf: ListenPreparation['whereOf'];
}) {
  let countries: CountryTable | null = null;
  try {
    countries = CountryTable.read(countryDataDirectory());
  } catch (err) {
    options.logger.warn({ err }, 'country table not read: listens are recorded without a country');
  }
  const preparation: ListenPreparation = {
    salts: new ListenerSalts(options.redis, options.saltPrefix),
    countries,
    whereOf: options.whereOf,
  };
  return (batch: Heard[]) => prepareListens(preparation, batch);
}
