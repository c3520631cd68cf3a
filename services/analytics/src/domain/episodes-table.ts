import type { AuthUser } from '@podz/kit';
import type { ShowEpisodesAnalytics } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { readableShow } from './show-access';

/** `GET /api/analytics/shows/:id/episodes`: every episode's first 7 days, first 30 days and all time. */
export async function episodesTable(
  deps: AnalyticsDeps,
  user: AuthUser,
  showId: string,
): Promise<ShowEpisodesAnalytics> {
  await readableShow(deps, user, showId);
  const [episodes, table] = await Promise.all([
    deps.directory.episodesOf(showId),
    deps.rollups.episodeTable(showId),
  ]);
  return {
    episodes: episodes
      .map((episode) => {
        const row = table.get(episode.id);
        return {
          id: episode.id,
          title: episode.title,
          publishedAt: episode.publishedAt,
          first7Days: row?.first7 ?? 0,
          first30Days: row?.first30 ?? 0,
          allTime: row?.all ?? 0,
        };
      })
      .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')),
  };
}
