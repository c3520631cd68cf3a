import type { AuthUser } from '@podz/kit';
import type { ShowAnalytics, ShowAnalyticsQuery } from '@podz/proto';
import type { AnalyticsDeps } from './analytics-deps';
import { listenRange } from './listen-range';
import { readFigures } from './read-figures';
import { readableShow } from './show-access';

/** Feed followers are shown for the last days of the range: a count of today's followers, over a month. */
const FOLLOWER_DAYS = 30;

/**
 * `GET /api/analytics/shows/:id`: a show's downloads, listeners, breakdowns and feed followers;
 * with `premium`, the downloads of its premium audio by members alone (`m:<show>`).
 */
export async function showFigures(
  deps: AnalyticsDeps,
  user: AuthUser,
  showId: string,
  query: ShowAnalyticsQuery,
): Promise<ShowAnalytics> {
  const show = await readableShow(deps, user, showId);
  const range = listenRange(query, deps.now());
  const followerDays = range.days.slice(-FOLLOWER_DAYS);
  const [figures, followers] = await Promise.all([
    readFigures(deps.rollups, query.premium ? `m:${showId}` : `s:${showId}`, range),
    deps.rollups.feedFollowers(showId, followerDays, range.closedBefore),
  ]);
  const points = followerDays.map((period, index) => {
    const { fetchers, subscribers } = followers[index] ?? { fetchers: 0, subscribers: 0 };
    return { period, fetchers, aggregatorSubscribers: subscribers };
  });
  const last = points.at(-1);
  return {
    show: { id: show.id, name: show.name, uId: show.uId },
    ...figures,
    feedFollowers: { points, latest: last ? last.fetchers + last.aggregatorSubscribers : 0 },
  };
}
