import { pageFromList } from '@podz/kit';
import type { EpisodeRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { ensureLists } from '../ensure-lists';
import { syncEpisode } from './sync-episode';
import { type PageQuery, offsetOf } from './episode-queries';

/**
 * A page of one show's episodes, newest first, from its list: the public ones published up to
 * `upTo`, or all of them (drafts too) for its managers. The store answers while the lists are
 * rebuilt.
 */
export async function showEpisodePage(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  podcastId: string,
  { all, upTo, ...page }: PageQuery & { all: boolean; upTo: Date },
): Promise<{ items: EpisodeRecord[]; total: number }> {
  const listed = await pageFromList(
    deps,
    () => deps.lists.showEpisodes(podcastId, all, offsetOf(page), page.limit, upTo),
    (ids, page) => deps.episodes.findByIds(ids, page.kept),
    (episode) =>
      episode.podcast === podcastId &&
      (all || (episode.status === 'published' && episode.publishedAt <= upTo)),
    (id) => syncEpisode(deps, id),
  );
  if (listed) return listed;
  deps.background.once('catalog lists', () => ensureLists(deps));
  return deps.episodes.showPage(podcastId, { all, upTo }, page.page, page.limit);
}
