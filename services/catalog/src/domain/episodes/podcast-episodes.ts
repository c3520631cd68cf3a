import { notFound, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { canManage, canSeeUnpublished } from '../shows/podcast-rules';
import { episodeView, showSummary } from '../views';
import { showEpisodePage } from './show-episode-page';
import type { PageQuery } from './episode-queries';

/** A page of a show's episodes as of now: the public ones, or `all` of them (its managers'). */
export const pageOf = (
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  podcastId: string,
  all: boolean,
  page: PageQuery,
) => showEpisodePage(deps, podcastId, { all, upTo: new Date(), page: page.page, limit: page.limit });

type EpisodePage = Awaited<ReturnType<typeof pageOf>>;

/** `GET /api/episodes/podcast-episodes?podcastId`: a show's episodes; all of them for its managers. */
export async function podcastEpisodes(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser | undefined,
  query: PageQuery & { podcastId: string },
) {
  // A visitor can only see the public page: it is read beside the show (used once the show allows).
  const [podcast, publicPage] = await Promise.all([
    deps.podcasts.findById(query.podcastId),
    user ? undefined : pageOf(deps, query.podcastId, false, query),
  ]);
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  return episodesOfShow(deps, user, podcast, query, publicPage);
}

/**
 * A page of the episodes of a show the caller may see (the caller checked): the public ones, or
 * all of them for its managers; `publicPage` when already read.
 */
export async function episodesOfShow(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser | undefined,
  podcast: PodcastRecord,
  query: PageQuery,
  publicPage?: EpisodePage,
) {
  const { items, total } = publicPage ?? (await pageOf(deps, podcast.id, canManage(user, podcast), query));
  const show = showSummary(podcast);
  return paginated(
    items.map((episode) => episodeView(episode, show)),
    total,
    query.page,
    query.limit,
  );
}
