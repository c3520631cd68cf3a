import type { NetworkAudience } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange } from './listen-range';
import { ranked, readRollup } from './read-figures';

const TOP = 5;
const DAY_MS = 86_400_000;

/** Each top name's share of the downloads, to one decimal of a percent. */
const shares = (rows: { name: string; downloads: number }[], total: number) =>
  rows.slice(0, TOP).map(({ name, downloads }) => ({
    name: name === '??' ? 'Unknown' : name,
    share: total ? Math.round((downloads / total) * 1000) / 10 : 0,
  }));

/**
 * `GET /api/analytics/audience`: the network's last 30 days of downloads, its unique listeners this
 * month and last, and its top countries and apps, from the network's rollups (a few keyed reads).
 */
export async function networkAudience(
  deps: Pick<AnalyticsDeps, 'rollups' | 'now'>,
): Promise<NetworkAudience> {
  const now = deps.now();
  const range = listenRange(
    { from: new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10), interval: 'day' },
    now,
  );
  const thisMonth = now.toISOString().slice(0, 7);
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const [figures, listeners] = await Promise.all([
    readRollup(deps.rollups, 'n', range),
    deps.rollups.listeners('n', 'lism', [thisMonth, lastMonth], range.closedBefore.slice(0, 7)),
  ]);
  return {
    from: range.from,
    to: range.to,
    downloads: figures.total,
    listeners: {
      thisMonth: { month: thisMonth, listeners: listeners[0] ?? 0 },
      lastMonth: { month: lastMonth, listeners: listeners[1] ?? 0 },
    },
    countries: shares(ranked(figures.sums, 'c:'), figures.total),
    apps: shares(ranked(figures.sums, 'a:'), figures.total),
  };
}
