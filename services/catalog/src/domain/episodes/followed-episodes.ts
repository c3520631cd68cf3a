import type { AuthUser } from '@podz/kit';
import { FOLLOWED_EPISODES_SHOWS, type EpisodesByIds } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { withShows } from './episode-queries';

/**
 * `GET /api/episodes/followed`: the newest public episodes of the shows the caller follows, newest
 * first, for "New from your shows" (the web app marks which the member has heard).
 */
export async function followedEpisodes(
  deps: Pick<CatalogDeps, 'episodes' | 'follows' | 'podcasts'>,
  user: AuthUser,
  query: { limit: number },
): Promise<EpisodesByIds> {
  const showIds = (await deps.follows.podcastIdsOf(user.id)).slice(0, FOLLOWED_EPISODES_SHOWS);
  if (showIds.length === 0) return { items: [] };
  return { items: await withShows(deps, await deps.episodes.newestOfShows(showIds, query.limit)) };
}
