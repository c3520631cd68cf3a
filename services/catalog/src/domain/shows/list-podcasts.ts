import { pageFromList } from '@podz/kit';
import { paginated } from '@podz/proto';
import { podcastRules } from '../../data/catalog-lists';
import type { PodcastRecord } from '../../data/catalog-models';
import type { PodcastFilter } from '../../data/podcast-repository';
import type { CatalogDeps } from '../catalog-deps';
import { ensureLists } from '../ensure-lists';
import { syncPodcast } from './sync-podcast';
import { podcastView } from '../views';
import { pageOf, published, type PageQuery } from './podcast-queries';

type ShowsQuery = PageQuery & { featured?: boolean; category?: string; search?: string };

/**
 * The maintained list that answers a public shows query: by name (in a category, or whose name
 * starts with the search), featured or not; the featured ones without a search most recently
 * changed first.
 */
function listFor(deps: Pick<CatalogDeps, 'lists'>, query: ShowsQuery) {
  const offset = (query.page - 1) * query.limit;
  const prefix = query.search?.toLowerCase();
  const admits = (podcast: PodcastRecord) =>
    podcastRules.published(podcast) &&
    (query.featured === undefined || podcastRules.featured(podcast) === query.featured) &&
    (!query.category || podcast.category === query.category) &&
    (!prefix || podcast.nameKey.startsWith(prefix));
  if (query.featured === true && !prefix) {
    return { read: () => deps.lists.featuredShows(query.category, offset, query.limit), admits };
  }
  const featured = query.featured;
  if (featured !== undefined) {
    return {
      read: () => deps.lists.showsByFeature(featured, query.category, prefix, offset, query.limit),
      admits,
    };
  }
  return { read: () => deps.lists.showsByName(query.category, prefix, offset, query.limit), admits };
}

/** `GET /api/podcasts/all-podcasts`: published shows; featured first when asked for featured ones. */
export async function allPodcasts(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  query: ShowsQuery,
) {
  const list = listFor(deps, query);
  const listed = await pageFromList(
    deps,
    list.read,
    (ids) => deps.podcasts.findByIds(ids),
    list.admits,
    (id) => syncPodcast(deps, id),
  );
  if (listed) return paginated(listed.items.map(podcastView), listed.total, query.page, query.limit);
  deps.background.once('catalog lists', () => ensureLists(deps));
  const filter: PodcastFilter = { ...published };
  if (query.featured !== undefined) filter.featured = query.featured;
  if (query.category) filter.category = query.category;
  if (query.search) Object.assign(filter, deps.podcasts.searchFilter(query.search));
  return pageOf(deps, filter, query, query.featured && !query.search ? { updatedAt: -1 } : { nameKey: 1 });
}
