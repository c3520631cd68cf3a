import type { AuthUser } from '@podz/kit';
import { UPCOMING_MAX, type UpcomingReleases } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { episodeView, showSummary } from '../views';

const soonestFirst = (a: Date, b: Date) => a.getTime() - b.getTime();

/**
 * `GET /api/episodes/upcoming`: what goes live next across the caller's shows. Two indexed reads,
 * each bounded by what the caller has scheduled (shows by owner and status; episodes by the owner
 * they are filed under while scheduled), then the episodes' shows by id.
 */
export async function upcomingReleases(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  user: AuthUser,
): Promise<UpcomingReleases> {
  const [shows, episodes] = await Promise.all([
    deps.podcasts.scheduledOf(user.id),
    deps.episodes.scheduledOf(user.id),
  ]);
  const nextEpisodes = episodes
    .sort((a, b) => soonestFirst(a.publishedAt, b.publishedAt))
    .slice(0, UPCOMING_MAX);
  const showsOfEpisodes = await deps.podcasts.findByIds([...new Set(nextEpisodes.map((e) => e.podcast))]);
  const summaries = new Map(showsOfEpisodes.map((show) => [show.id, showSummary(show)]));
  return {
    shows: shows
      .flatMap((show) => (show.publishAt ? [{ show, publishAt: show.publishAt }] : []))
      .sort((a, b) => soonestFirst(a.publishAt, b.publishAt))
      .slice(0, UPCOMING_MAX)
      .map(({ show, publishAt }) => ({ ...showSummary(show), publishAt: publishAt.toISOString() })),
    // An episode whose show was deleted meanwhile is left out.
    episodes: nextEpisodes.flatMap((episode) => {
      const show = summaries.get(episode.podcast);
      return show ? [episodeView(episode, show)] : [];
    }),
  };
}
