import type { PlaceArchive } from '../data/place-archive';
import type { PlaceCache } from '../data/place-cache';
import type { QueueStore } from '../data/queue-store';

export type { StoredPlace } from '../data/place';
export type { StoredQueue } from '../data/queue-store';

/** Where members' places are: Redis first, the store for what Redis no longer holds. */
export interface PlacePorts {
  cache: PlaceCache;
  archive: PlaceArchive;
}

export interface QueuePorts {
  queues: QueueStore;
}
