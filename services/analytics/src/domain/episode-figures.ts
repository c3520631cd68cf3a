import { notFound, type AuthUser } from '@podz/kit';
import type { AnalyticsRangeQuery, EpisodeAnalytics } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange } from './listen-range';
import { readFigures } from './read-figures';
import { readableShow } from './show-access';

/** `GET /api/analytics/episodes/:id`: one episode's figures, for whoever may read its show's. */
export async function episodeFigures(
  deps: AnalyticsDeps,
  user: AuthUser,
  episodeId: string,
  query: AnalyticsRangeQuery,
): Promise<EpisodeAnalytics> {
  const episode = await deps.directory.episode(episodeId);
  if (!episode) throw notFound('Episode');
  await readableShow(deps, user, episode.showId);
  const figures = await readFigures(deps.rollups, `e:${episodeId}`, listenRange(query, deps.now()));
  return {
    episode: {
      id: episode.id,
      title: episode.title,
      showId: episode.showId,
      publishedAt: episode.publishedAt,
    },
    ...figures,
  };
}
