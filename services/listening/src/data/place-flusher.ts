import { PeriodicTask, type Logger } from '@podz/kit';
import type { PlaceArchive } from './place-archive';
import type { PlaceCache } from './place-cache';

/** Places moved to the store per bulk write. */
const BATCH = 500;
/** Bulks per pass at most: a pass ends, and the next begins a period later, whatever arrives. */
const BATCHES_PER_PASS = 20;

/**
 * Moves places from Redis to the store on a clock, on every instance. A place stays marked in
 * Redis until the store has it, so an instance killed mid-pass loses nothing; two instances that
 * pick the same place write it twice, and the store keeps the newer. Thousands of listeners saving
 * every 15 s become a few bulk writes a second, whatever their number.
 */
export function placeFlusher(cache: PlaceCache, archive: PlaceArchive, everyMs: number, logger: Logger) {
  return new PeriodicTask(
    'place-flush',
    everyMs,
    async () => {
      for (let n = 0; n < BATCHES_PER_PASS; n += 1) {
        const places = await cache.unstored(BATCH);
        if (!places.length) return;
        await archive.keep(places);
        await cache.stored(places);
        if (places.length < BATCH) return;
      }
    },
    logger,
  );
}
