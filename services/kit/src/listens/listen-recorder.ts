import path from 'node:path';
import type { Kafka } from 'kafkajs';
import type { Redis } from 'ioredis';
import { catalogListens, type ListenRecord } from '@podz/proto';
import { RecordStream } from '../events/record-stream';
import { z } from 'zod';
import type { DirectHandler } from '../http/direct-request';
import type { Logger } from '../logging/logger';
import { CountryTable } from './country-of';
import { ListenerSalts } from './listener-hash';
import { prepareListens, recordListens, type Heard, type ListenPreparation } from './record-listens';
import { UnplacedListens, type UnplacedListensOptions } from './unplaced-listens';

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

/** The table once read: it never changes, and every recorder in a process may share it. */
let countries: CountryTable | undefined;

/**
 * The country table, read once per process; null (and a warning) when the package's data cannot
 * be read.
 */
export function readCountries(logger: Logger): CountryTable | null {
  try {
    countries ??= CountryTable.read(countryDataDirectory());
    return countries;
  } catch (err) {
    logger.warn({ err }, 'country table not read: listens are recorded without a country');
    return null;
  }
}

/** What turns a batch of requests into listen records: the record stream's `prepare`. */
export function listenPreparation(options: {
  redis: Redis;
  saltPrefix: string;
  logger: Logger;
  whereOf: ListenPreparation['whereOf'];
  unplaced?: ListenPreparation['unplaced'];
  /** The table, when the service reads it already (media also places listeners it decides for). */
  countries?: CountryTable | null;
}) {
  const preparation: ListenPreparation = {
    salts: new ListenerSalts(options.redis, options.saltPrefix),
    countries: options.countries === undefined ? readCountries(options.logger) : options.countries,
    whereOf: options.whereOf,
    unplaced: options.unplaced,
  };
  return (batch: Heard[]) => prepareListens(preparation, batch);
}

/**
 * A service's listen recording, assembled: its handlers (`recorder.audio`, `recorder.feed`) and the
 * record stream they feed (`catalog.listen.v1`), which the service starts and stops with its other
 * streams. `whereOf` says whose listen a request of this service is; `placed`, when given, whether
 * a request it placed nowhere will be placed soon, and such requests wait aside for it
 * (`UnplacedListens`) while the other listens go on.
 */
export function listenRecording(options: {
  kafka: Kafka;
  redis: Redis;
  logger: Logger;
  config: { KAFKA_NAMESPACE: string; LISTEN_RECORDING: boolean; LISTEN_LINGER_MS: number };
  saltPrefix: string;
  whereOf: ListenPreparation['whereOf'];
  placed?: UnplacedListensOptions['placed'];
  countries?: CountryTable | null;
}): { stream: RecordStream<ListenRecord, Heard>; recorder: ListenRecorder } {
  const { kafka, redis, logger, config, saltPrefix, whereOf, placed, countries } = options;
  const unplaced = placed && new UnplacedListens({ placed, again: (heard) => stream.push(heard), logger });
  const stream = new RecordStream<ListenRecord, Heard>({
    kafka,
    definition: catalogListens,
    namespace: config.KAFKA_NAMESPACE,
    logger,
    keyOf: (record) => record.listener,
    lingerMs: config.LISTEN_LINGER_MS,
    prepare: listenPreparation({ redis, saltPrefix, logger, whereOf, unplaced, countries }),
  });
  const recorder = listenRecorder(config.LISTEN_RECORDING, (heard) => stream.push(heard), logger);
  return { stream, recorder };
}
