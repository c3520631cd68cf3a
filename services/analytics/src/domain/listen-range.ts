import { LISTENERS_DAILY_DAYS_MAX, type AnalyticsInterval, type AnalyticsRangeQuery } from '@podz/proto';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** A range of UTC days as the rollups are keyed: every day, whole months, and the days outside them. */
export interface ListenRange {
  from: string;
  to: string;
  interval: AnalyticsInterval;
  days: string[];
  /** Every month the range touches. */
  months: string[];
  /**
   * Months the range covers up to the last day that can have downloads (today at most), read from
   * the month hashes…
   */
  wholeMonths: string[];
  /** …and the days outside them, read from the day hashes. */
  edgeDays: string[];
  /** Days before this one can no longer change: a record arrives a day or two late at most. */
  closedBefore: string;
}

const DAY_LABELS = new Map<number, string>();
const DAY_LABELS_MAX = 5_000;

/**
 * The UTC day of a moment, `YYYY-MM-DD`. Day starts are remembered: a year's range names 366 of
 * them per read, and formatting each afresh was a tenth of analytics' CPU under load.
 */
function dayOf(ms: number): string {
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  let label = DAY_LABELS.get(start);
  if (label === undefined) {
    label = new Date(start).toISOString().slice(0, 10);
    if (DAY_LABELS.size >= DAY_LABELS_MAX) DAY_LABELS.clear();
    DAY_LABELS.set(start, label);
  }
  return label;
}

export function listenRange(query: AnalyticsRangeQuery, now: Date): ListenRange {
  const today = dayOf(now.getTime());
  const to = query.to ?? today;
  const from = query.from ?? dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY_MS) days.push(dayOf(ms));
  const byMonth = new Map<string, string[]>();
  for (const day of days) {
    const month = day.slice(0, 7);
    const inMonth = byMonth.get(month);
    if (inMonth) inMonth.push(day);
    else byMonth.set(month, [day]);
  }
  const wholeMonths: string[] = [];
  const edgeDays: string[] = [];
  for (const [month, inRange] of byMonth) {
    // Days after today have nothing yet: this month so far is the month's hash.
    const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
    const lastWithDownloads = last < today ? last : today;
    const covered = inRange[0] === `${month}-01` && (inRange.at(-1) ?? '') >= lastWithDownloads;
    if (covered) wholeMonths.push(month);
    else edgeDays.push(...inRange);
  }
  const closedBefore = dayOf(Date.parse(today) - 2 * DAY_MS);
  return {
    from,
    to,
    interval: query.interval,
    days,
    months: [...byMonth.keys()],
    wholeMonths,
    edgeDays,
    closedBefore,
  };
}

function daysInMonth(month: string): number {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 0)).getUTCDate();
}

/** The label of the interval a day falls in: the day, its ISO week's Monday, or its month. */
export function periodOf(day: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return day.slice(0, 7);
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - weekday * DAY_MS);
}

/** Daily figures summed into the range's intervals, in order. */
export function byInterval(range: ListenRange, daily: number[]): { period: string; downloads: number }[] {
  const points: { period: string; downloads: number }[] = [];
  range.days.forEach((day, index) => {
    const period = periodOf(day, range.interval);
    const downloads = daily[index] ?? 0;
    const last = points.at(-1);
    if (last?.period === period) last.downloads += downloads;
    else points.push({ period, downloads });
  });
  return points;
}

/** Unique listeners come per day for short ranges, per month beyond (a daily hash links no two days). */
export const listenersUnit = (range: ListenRange): 'day' | 'month' =>
  range.days.length <= LISTENERS_DAILY_DAYS_MAX && range.interval === 'day' ? 'day' : 'month';
