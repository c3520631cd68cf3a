import type { AnalyticsRangeQuery, NetworkAnalytics } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange } from './listen-range';
import { readFigures } from './read-figures';

const TOP = 10;

/** `GET /api/analytics/network` (admins): every show's downloads together, and the month's top ten. */
export async function networkFigures(
  deps: AnalyticsDeps,
  query: AnalyticsRangeQuery,
): Promise<NetworkAnalytics> {
  const range = listenRange(query, deps.now());
  const month = range.to.slice(0, 7);
  const [figures, shows, episodes] = await Promise.all([
    readFigures(deps.rollups, 'n', range),
    deps.rollups.top('s', month, TOP),
    deps.rollups.top('e', month, TOP),
  ]);
  const [names, entries] = await Promise.all([
    deps.directory.names(shows.map((row) => row.id)),
    deps.directory.episodes(episodes.map((row) => row.id)),
  ]);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    range: figures.range,
    downloads: figures.downloads,
    listeners: figures.listeners,
    allTime: figures.allTime,
    month,
    topShows: shows.map((row) => ({
      id: row.id,
      name: names.get(row.id) ?? 'Deleted show',
      downloads: row.downloads,
    })),
    topEpisodes: episodes.map((row) => ({
      id: row.id,
      title: byId.get(row.id)?.title ?? 'Deleted episode',
      showId: byId.get(row.id)?.showId ?? row.id,
      downloads: row.downloads,
    })),
  };
}
