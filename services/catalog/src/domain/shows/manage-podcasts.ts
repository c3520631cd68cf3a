import { forbidden, isAdmin, pageFromList, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import { type ManagedFilter } from '../../data/catalog-lists';
import type { CatalogDeps } from '../catalog-deps';
import { ensureLists } from '../ensure-lists';
import { syncPodcast } from './sync-podcast';
import { podcastView } from '../views';
import { type PageQuery, pageOf } from './podcast-queries';

/** `POST /api/podcasts/all-podcasts` (admins): every show, any status, for the management console. */
export async function managePodcasts(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  query: PageQuery & ManagedFilter,
) {
  if (!isAdmin(user)) throw forbidden('Only admins manage every show');
  const search = query.search || undefined;
  const filter = { status: query.status, category: query.category, search, ownerId: query.ownerId };
  const listed = await pageFromList(
    deps,
    () => deps.lists.managedShows(filter, (query.page - 1) * query.limit, query.limit),
    (ids) => deps.podcasts.findByIds(ids),
    (podcast) =>
      !podcast.deletedAt &&
      (!query.status || podcast.status === query.status) &&
      (!query.category || podcast.category === query.category) &&
      (!query.ownerId || podcast.ownerId === query.ownerId),
    (id) => syncPodcast(deps, id),
  );
  if (listed) return paginated(listed.items.map(podcastView), listed.total, query.page, query.limit);
  deps.background.once('catalog lists', () => ensureLists(deps));
  const storeFilter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.ownerId ? { ownerId: query.ownerId } : {}),
    ...(search ? deps.podcasts.searchFilter(search) : {}),
  };
  return pageOf(deps, storeFilter, query, search ? { nameKey: 1 } : { createdAt: -1 });
}
