import { LruMap } from './lru-map';

/**
 * Reads kept by key for a short while in this process, at most `capacity` of them: a burst of
 * requests for one key (a podcast app's ranged GETs, a feed polled by many apps) costs one load.
 * The promise is kept, so callers at the same moment share one load; a failed load is forgotten at
 * once, so the next caller tries again. What the store says now is seen within `freshMs`.
 */
export class RecentReads<K, V> {
  private readonly known: LruMap<K, { at: number; value: Promise<V> }>;

  constructor(
    private readonly freshMs: number,
    capacity: number,
  ) {
    this.known = new LruMap(capacity);
  }

  get(key: K, load: () => PromiseLike<V>, now = Date.now()): Promise<V> {
    const known = this.known.get(key);
    if (known && now - known.at < this.freshMs) return known.value;
    // A real promise: loaders may return mongoose queries, which run again each time they are awaited.
    const value = Promise.resolve(load());
    this.known.set(key, { at: now, value });
    value.catch(() => {
      if (this.known.get(key)?.value === value) this.known.delete(key);
    });
    return value;
  }

  /** After a write here: this process reads the key again on its next ask. */
  forget(key: K): void {
    this.known.delete(key);
  }
}
