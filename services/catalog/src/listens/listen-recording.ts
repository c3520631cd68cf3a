import path from 'node:path';
import type { Redis } from 'ioredis';
import type { DirectHandler } from '@podz/kit';
import type { CatalogDeps } from '../domain/catalog-deps';
import type { AudioAttributions } from './audio-attribution';
import { CountryTable } from './country-of';
import { ListenerSalts } from './listener-hash';
import { prepareListens, recordListens, type Heard, type ListenPreparation } from './record-listens';

export interface ListenRecorder {
  audio: DirectHandler;
  feed: DirectHandler;
}

const pass: DirectHandler = (_req, _res, next) => next();

/** Where the country package keeps its CSV files, however the workspace was installed. */
function countryDataDirectory(): string {
  return path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
}

/** The listen recorder, assembled: off (`LISTEN_RECORDING=false`), requests pass untouched. */
export function listenRecording(deps: CatalogDeps, push: (heard: Heard) => void): ListenRecorder {
  if (!deps.config.LISTEN_RECORDING) return { audio: pass, feed: pass };
  return recordListens({ push, logger: deps.logger });
}

/** What turns a batch of requests into listen records: the record stream's `prepare`. */
export function listenPreparation(
  deps: CatalogDeps,
  redis: Redis,
  saltPrefix: string,
  attributions: AudioAttributions,
) {
  let countries: CountryTable | null = null;
  try {
    countries = CountryTable.read(countryDataDirectory());
  } catch (err) {
    deps.logger.warn({ err }, 'country table not read: listens are recorded without a country');
  }
  const preparation: ListenPreparation = {
    salts: new ListenerSalts(redis, saltPrefix),
    countries,
    attributions,
    showIdOf: async (uId) => (await deps.podcasts.findByName(uId))?._id.toHexString() ?? null,
  };
  return (batch: Heard[]) => prepareListens(preparation, batch);
}
