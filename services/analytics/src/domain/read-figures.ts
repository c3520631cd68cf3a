import type { Entity, ListenRollups } from '../data/listen-rollups';
import { byInterval, listenersUnit, type ListenRange } from './listen-range';

const TOP_NAMES = 20;

/** The breakdown fields under `prefix`, most first: the top names of a figure. */
export function ranked(sums: Map<string, number>, prefix: string) {
  return [...sums]
    .filter(([field]) => field.startsWith(prefix))
    .map(([field, downloads]) => ({ name: field.slice(prefix.length), downloads }))
    .sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name))
    .slice(0, TOP_NAMES);
}

/**
 * An entity's rollups over a range, every one read by key in one script: the daily hash once, the
 * breakdowns from whole months plus edge days, listeners per day or per month.
 */
export async function readRollup(rollups: ListenRollups, entity: Entity, range: ListenRange) {
  const unit = listenersUnit(range);
  const periods = unit === 'day' ? range.days : range.months;
  // A range of whole months by month reads its twelve months, not its 365 days.
  const byMonth = range.interval === 'month' && range.edgeDays.length === 0;
  const series = byMonth
    ? { unit: 'months' as const, periods: range.months }
    : { unit: 'days' as const, periods: range.days };
  const { daily, sums, listeners, allTime } = await rollups.figures(entity, range, series, {
    unit: unit === 'day' ? 'lis' : 'lism',
    periods,
  });
  const points = byMonth
    ? range.months.map((period, index) => ({ period, downloads: daily[index] ?? 0 }))
    : byInterval(range, daily);
  return {
    range: { from: range.from, to: range.to, interval: range.interval },
    total: daily.reduce((sum, value) => sum + value, 0),
    points,
    listeners: {
      interval: unit,
      points: periods.map((period, index) => ({ period, listeners: listeners[index] ?? 0 })),
    },
    sums,
    allTime,
  };
}

/** The hour-of-day breakdown: 24 numbers from 00:00 UTC. */
export const hoursOf = (sums: Map<string, number>) =>
  Array.from({ length: 24 }, (_, hour) => sums.get(`h:${hour}`) ?? 0);

/** The download figures of a show, an episode or the network over a range. */
export async function readFigures(rollups: ListenRollups, entity: Entity, range: ListenRange) {
  const { sums, total, points, listeners, allTime } = await readRollup(rollups, entity, range);
  const countries = ranked(sums, 'c:').map((row) => ({
    ...row,
    name: row.name === '??' ? 'Unknown' : row.name,
  }));
  return {
    range: { from: range.from, to: range.to, interval: range.interval },
    downloads: { total, points },
    listeners,
    apps: ranked(sums, 'a:'),
    devices: ranked(sums, 'd:'),
    os: ranked(sums, 'o:'),
    countries,
    hours: hoursOf(sums),
    allTime,
  };
}
