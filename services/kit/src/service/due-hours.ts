const HOUR_MS = 3_600_000;

/** The hour a moment is filed under: `2026-11-26T12` (UTC). */
export const hourOf = (at: Date) => at.toISOString().slice(0, 13);

const nextHour = (hour: string) => hourOf(new Date(Date.parse(`${hour}:00:00Z`) + HOUR_MS));

/**
 * Work filed under the hour it falls due (an indexed field, so each hour is one keyed read), and
 * a bookmark: every hour before it holds nothing due.
 */
export interface DueHours<T> {
  sweptThrough(): Promise<string | undefined>;
  setSweptThrough(hour: string): Promise<void>;
  /** Everything filed under the hour, due yet or not. */
  filedIn(hour: string): Promise<T[]>;
  isDue(item: T, now: Date): boolean;
  /** Does the item's work; a failure is logged by `onError` and found again on the next run. */
  handle(item: T, now: Date): Promise<unknown>;
  onError(err: unknown, item: T): void;
  /** Where the clock starts on a store that never had one. */
  firstLookBackMs: number;
}

/**
 * One run of a clock over hour buckets (billing's renewals, catalog's releases): every item whose
 * moment has come, hour by hour from the bookmark to now, is handled. An hour is passed for good
 * only once nothing in it is left, so an item that failed to move (a crash, a service away) is
 * found again. Safe to run in several instances at once when `handle` is a conditional write.
 */
export async function sweepDueHours<T>(clock: DueHours<T>, now = new Date()): Promise<void> {
  const current = hourOf(now);
  const from = await clock.sweptThrough();
  let hour = from ?? hourOf(new Date(now.getTime() - clock.firstLookBackMs));
  let bookmark: string | undefined;
  for (; hour <= current; hour = nextHour(hour)) {
    const rows = await clock.filedIn(hour);
    const due = rows.filter((item) => clock.isDue(item, now));
    for (const item of due) {
      await clock.handle(item, now).catch((err: unknown) => clock.onError(err, item));
    }
    // Whatever is still in the hour (not due yet, or did not move) holds the bookmark there.
    const left = due.length === 0 ? rows : await clock.filedIn(hour);
    if (left.length > 0) bookmark ??= hour;
  }
  // Most runs find the bookmark where it was (a clock runs every second; hours pass seldom):
  // writing it again would cost a store write a second per clock for nothing.
  if ((bookmark ?? current) !== from) await clock.setSweptThrough(bookmark ?? current);
}
