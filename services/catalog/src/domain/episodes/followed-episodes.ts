import type { AuthUser } from '@podz/kit';
import { FOLLOWED_EPISODES_SHOWS, type EpisodesByIds } from '@podz/proto';
import { episodeRules } from '../../data/catalog-lists';
import type { EpisodeRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { withShows } from './episode-queries';
import { showEpisodePage } from './show-episode-page';

type Deps = Pick<
  CatalogDeps,
  'background' | 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses'
>;

/**
 * `GET /api/episodes/followed`: the newest public episodes of the shows the caller follows, newest
 * first, for "New from your shows" (the web app marks which the member has heard). Read from the
 * shows' lists in one round trip; while they are rebuilt, from each show's page.
 */
export async function followedEpisodes(
  deps: Deps,
  user: AuthUser,
  query: { limit: number },
): Promise<EpisodesByIds> {
  const showIds = (await deps.follows.podcastIdsOf(user.id)).slice(0, FOLLOWED_EPISODES_SHOWS);
  if (showIds.length === 0) return { items: [] };
  const now = new Date();
  const ids = await deps.lists.newestOfShows(showIds, query.limit, now).catch((err: unknown) => {
    deps.logger.warn({ err }, 'the followed shows’ lists unreadable; reading their pages');
    return null;
  });
  const episodes = ids
    ? (await deps.episodes.findByIds(ids)).filter((episode) => episodeRules.visible(episode, now))
    : await newestFromPages(deps, showIds, query.limit, now);
  return { items: await withShows(deps, episodes) };
}

/** Each show's first page (the store's while its list is rebuilt), merged newest first. */
async function newestFromPages(deps: Deps, showIds: string[], limit: number, now: Date) {
  const pages = await Promise.all(
    showIds.map((id) => showEpisodePage(deps, id, { all: false, upTo: now, page: 1, limit })),
  );
  const newest = (a: EpisodeRecord, b: EpisodeRecord) => b.publishedAt.getTime() - a.publishedAt.getTime();
  return pages
    .flatMap((page) => page.items)
    .sort(newest)
    .slice(0, limit);
}
