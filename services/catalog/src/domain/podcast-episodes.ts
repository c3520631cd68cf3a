import { notFound, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';
import { canManage, canSeeUnpublished } from './podcast-rules';
import { episodeView, showSummary } from './views';
import { showEpisodePage } from './show-episode-page';
import type { PageQuery } from './episode-queries';

/** `GET /api/episodes/podcast-episodes?podcastId`: a show's episodes; all of them for its managers. */
export async function podcastEpisodes(
  deps: CatalogDeps,
  user: AuthUser | undefined,
  query: PageQuery & { podcastId: string },
) {
  const pageOf = (all: boolean) =>
    showEpisodePage(deps, query.podcastId, { all, upTo: new Date(), page: query.page, limit: query.limit });
  // A visitor can only see the public page: it is read beside the show (used once the show allows).
  const [podcast, publicPage] = await Promise.all([
    deps.podcasts.findById(query.podcastId),
    user ? undefined : pageOf(false),
  ]);
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  const { items, total } = publicPage ?? (await pageOf(canManage(user, podcast)));
  const show = showSummary(podcast);
  return paginated(
    items.map((episode) => episodeView(episode, show)),
    total,
    query.page,
    query.limit,
  );
}
