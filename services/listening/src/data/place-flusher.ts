import { PeriodicTask, type Logger } from '@podz/kit';
import type { PlaceArchive } from './place-archive';
import type { PlaceCache } from './place-cache';

/** Places moved to the store per bulk write. */
const BATCH = 200;
/** Bulks per pass at most: a pass ends, and the next begins a period later, whatever is due. */
const BATCHES_PER_PASS = 10;

/**
 * Moves places from Redis to the store, on every instance, a few at a time: each place once it has
 * waited `storeAfterMs` since its first change, so the saves of those minutes become one write (a
 * listener saves every 15 s) and the writes come steadily as places fall due, never as one bulk of
 * every listener at once, which the store answers for the same cores as the saves. A place stays
 * marked in Redis until the store has it, so an instance killed mid-pass loses nothing; two
 * instances that pick the same place write it twice, and the store keeps the newer.
 */
export function placeFlusher(
  cache: PlaceCache,
  archive: PlaceArchive,
  timing: { everyMs: number; storeAfterMs: number },
  logger: Logger,
) {
  return new PeriodicTask(
    'place-flush',
    timing.everyMs,
    async () => {
      for (let n = 0; n < BATCHES_PER_PASS; n += 1) {
        const places = await cache.unstored(Date.now() - timing.storeAfterMs, BATCH);
        if (!places.length) return;
        await archive.keep(places);
        await cache.stored(places);
        if (places.length < BATCH) return;
      }
    },
    logger,
  );
}
