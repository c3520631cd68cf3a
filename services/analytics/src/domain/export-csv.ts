import type { AuthUser } from '@podz/kit';
import type { ANALYTICS_CSV_TABLES, AnalyticsRangeQuery } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { csv } from './csv';
import { episodesTable } from './episodes-table';
import { showFigures } from './show-figures';

type Table = (typeof ANALYTICS_CSV_TABLES)[number];

/** `GET /api/analytics/shows/:id/export.csv?table`: what the Analytics view shows, as a spreadsheet. */
export async function exportCsv(
  deps: AnalyticsDeps,
  user: AuthUser,
  showId: string,
  table: Table,
  query: AnalyticsRangeQuery,
): Promise<{ filename: string; body: string }> {
  if (table === 'episodes') {
    const { episodes } = await episodesTable(deps, user, showId);
    const rows = episodes.map((e) => [e.title, e.publishedAt ?? '', e.first7Days, e.first30Days, e.allTime]);
    return {
      filename: `${showId}-episodes.csv`,
      body: csv([['episode', 'published', 'first 7 days', 'first 30 days', 'all time'], ...rows]),
    };
  }
  const figures = await showFigures(deps, user, showId, query);
  const span = `${figures.range.from}_${figures.range.to}`;
  if (table === 'downloads') {
    const rows = figures.downloads.points.map((point) => [point.period, point.downloads]);
    return {
      filename: `${figures.show.uId}-downloads-${span}.csv`,
      body: csv([[figures.range.interval, 'downloads'], ...rows]),
    };
  }
  const named = figures[table === 'os' ? 'os' : table];
  return {
    filename: `${figures.show.uId}-${table}-${span}.csv`,
    body: csv([
      [table === 'countries' ? 'country' : table.replace(/s$/, ''), 'downloads'],
      ...named.map((row) => [row.name, row.downloads]),
    ]),
  };
}
