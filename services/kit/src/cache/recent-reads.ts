import { LruMap } from './lru-map';

interface Entry<V> {
  at: number;
  value: Promise<V>;
  /** A load started behind a stale value (`reloadBehind`), till it settles. */
  reloading?: boolean;
}

/**
 * Reads kept by key for a short while in this process, at most `capacity` of them: a burst of
 * requests for one key (a podcast app's ranged GETs, a feed polled by many apps) costs one load.
 * The promise is kept, so callers at the same moment share one load; a failed load is forgotten at
 * once, so the next caller tries again. What the store says now is seen within `freshMs`.
 *
 * With `reloadBehind`, a key read before keeps answering its last value once stale while one load
 * runs behind it, so no request on a hot path waits for the store once a second: what the store
 * says is then seen within `freshMs` and a load. A failed reload keeps the old value for the next
 * caller to try again.
 */
export class RecentReads<K, V> {
  private readonly known: LruMap<K, Entry<V>>;

  constructor(
    private readonly freshMs: number,
    capacity: number,
    private readonly options: { reloadBehind?: boolean } = {},
  ) {
    this.known = new LruMap(capacity);
  }

  get(key: K, load: () => PromiseLike<V>, now = Date.now()): Promise<V> {
    const known = this.known.get(key);
    if (known && now - known.at < this.freshMs) return known.value;
    if (known && this.options.reloadBehind) {
      if (!known.reloading) this.reload(key, known, load, now);
      return known.value;
    }
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

  private reload(key: K, stale: Entry<V>, load: () => PromiseLike<V>, now: number): void {
    stale.reloading = true;
    Promise.resolve(load()).then(
      (value) => {
        if (this.known.get(key) === stale) this.known.set(key, { at: now, value: Promise.resolve(value) });
      },
      () => {
        stale.reloading = false;
      },
    );
  }
}
