import { notFound, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import type { EpisodeRecord, PodcastRecord } from '../../data/catalog-models';
import { type EpisodeFilter } from '../../data/episode-repository';
import type { CatalogDeps } from '../catalog-deps';
import { canSeeUnpublished } from '../shows/podcast-rules';
import { episodeView, showSummary, type ShowSummary } from '../views';

export interface PageQuery {
  page: number;
  limit: number;
}

/** Episodes with their shows' summaries, in one extra query for the whole page. */
export async function withShows(deps: Pick<CatalogDeps, 'podcasts'>, episodes: EpisodeRecord[]) {
  const shows = await deps.podcasts.findByIds([...new Set(episodes.map((episode) => episode.podcast))]);
  const byId = new Map<string, ShowSummary>(shows.map((show) => [show.id, showSummary(show)]));
  return episodes.flatMap((episode) => {
    const show = byId.get(episode.podcast);
    return show ? [episodeView(episode, show)] : [];
  });
}

export async function pageOf(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  filter: EpisodeFilter,
  query: PageQuery,
) {
  const { items, total } = await deps.episodes.page(filter, query.page, query.limit);
  return paginated(await withShows(deps, items), total, query.page, query.limit);
}

/** What any visitor may see: published, its time come, on a published show. */
export const isPublicEpisode = (episode: EpisodeRecord, podcast: PodcastRecord, now = new Date()) =>
  episode.status === 'published' && episode.publishedAt <= now && podcast.status === 'published';

/** An episode the caller may see: a public one, or any of a show they own, host or administer. */
export async function visibleEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  user: AuthUser | undefined,
  id: string,
) {
  const episode = await deps.episodes.findById(id);
  const podcast = episode ? await deps.podcasts.findById(episode.podcast) : null;
  if (!episode || !podcast) throw notFound('Episode');
  if (!isPublicEpisode(episode, podcast) && !canSeeUnpublished(user, podcast)) throw notFound('Episode');
  return { episode, podcast };
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;
