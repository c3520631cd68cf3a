import { pageFromList } from '@podz/kit';
import { paginated } from '@podz/proto';
import { episodeRules } from '../../data/catalog-lists';
import { EpisodeRepository } from '../../data/episode-repository';
import type { CatalogDeps } from '../catalog-deps';
import { ensureLists } from '../ensure-lists';
import { syncEpisode } from './sync-episode';
import { type PageQuery, withShows, pageOf, offsetOf } from './episode-queries';

/** `GET /api/episodes`: the latest published episodes across the network, from the maintained list. */
export async function latestEpisodes(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  query: PageQuery,
) {
  const now = new Date();
  const listed = await pageFromList(
    deps,
    () => deps.lists.latestEpisodes(offsetOf(query), query.limit, now),
    (ids, page) => deps.episodes.findByIds(ids, page.kept),
    (episode) => episodeRules.visible(episode, now),
    (id) => syncEpisode(deps, id),
  );
  if (!listed) {
    deps.background.once('catalog lists', () => ensureLists(deps));
    return pageOf(deps, EpisodeRepository.visible(now), query);
  }
  return paginated(await withShows(deps, listed.items), listed.total, query.page, query.limit);
}
