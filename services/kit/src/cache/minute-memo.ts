/**
 * Values kept by key for a minute or two, in two generations: what was set in this minute, and in
 * the last. A new minute (noticed on the next access) drops the older generation whole, so nothing
 * set outlives two minutes, read or not, and a full generation (`capacity`) turns over early. For
 * facts worked out from something a process must not hold on to (a listener's address).
 */
export class MinuteMemo<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();
  private startedAt: number;
  private previousStartedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly generationMs = 60_000,
    now = Date.now(),
  ) {
    if (!(capacity > 0)) throw new Error('MinuteMemo capacity must be positive');
    this.startedAt = now;
    this.previousStartedAt = now;
  }

  get(key: string, now = Date.now()): V | undefined {
    this.turn(now);
    // Never carried forward: a value is worked out again at least every two minutes, in use or not.
    return this.current.get(key) ?? this.previous.get(key);
  }

  set(key: string, value: V, now = Date.now()): void {
    this.turn(now);
    if (this.current.size >= this.capacity) this.rotate(now);
    this.current.set(key, value);
  }

  /** Entries held now, in both generations. */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  private turn(now: number): void {
    if (now - this.startedAt >= this.generationMs) this.rotate(now);
    // The older generation holds what was set since it began: gone once that is two generations ago.
    if (now - this.previousStartedAt >= 2 * this.generationMs) this.previous = new Map();
  }

  private rotate(now: number): void {
    this.previous = this.current;
    this.previousStartedAt = this.startedAt;
    this.current = new Map();
    this.startedAt = now;
  }
}
