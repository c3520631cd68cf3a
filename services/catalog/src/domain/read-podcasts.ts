import { forbidden, isAdmin, notFound, pageFromList, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import { podcastRules, type ManagedFilter } from '../data/catalog-lists';
import type { PodcastRecord } from '../data/catalog-models';
import type { PodcastFilter } from '../data/podcast-repository';
import type { CatalogDeps } from './catalog-deps';
import { ensureLists, syncPodcast } from './listings';
import { canSeeUnpublished } from './podcast-rules';
import { podcastView } from './views';

interface PageQuery {
  page: number;
  limit: number;
}

const published: PodcastFilter = { status: 'published' };

async function pageOf(
  deps: CatalogDeps,
  filter: PodcastFilter,
  query: PageQuery,
  sort?: Record<string, 1 | -1>,
) {
  const { items, total } = await deps.podcasts.page(filter, query.page, query.limit, sort);
  return paginated(items.map(podcastView), total, query.page, query.limit);
}

/** One show; one that is not published only for those who may see it (else 404, so it leaks nothing). */
function visible(user: AuthUser | undefined, podcast: PodcastRecord | null): PodcastRecord {
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  return podcast;
}

export async function getPodcast(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  return podcastView(visible(user, await deps.podcasts.findById(id)));
}

/** `GET /api/podcasts/name/{name}`: by URL name (`uId`) or by name in any case. */
export async function getPodcastByName(deps: CatalogDeps, user: AuthUser | undefined, name: string) {
  return podcastView(visible(user, await deps.podcasts.findByName(name)));
}

/** `GET /api/podcasts/public?userId`: a user's published shows. */
export const publicPodcastsOf = (deps: CatalogDeps, query: PageQuery & { userId: string }) =>
  pageOf(deps, { ...published, ownerId: query.userId }, query);

/** `GET /api/podcasts/public/host-podcasts?userId`: published shows the user hosts (confirmed). */
export const publicHostPodcastsOf = (deps: CatalogDeps, query: PageQuery & { userId: string }) =>
  pageOf(deps, { ...published, confirmedHostIds: query.userId }, query);

/** `GET /api/podcasts`: the caller's own shows, in any status. */
export const myPodcasts = (deps: CatalogDeps, user: AuthUser, query: PageQuery) =>
  pageOf(deps, { ownerId: user.id }, query);

/** `GET /api/podcasts/host-podcasts`: every show that invited the caller, with the caller's answer. */
export async function myHostPodcasts(deps: CatalogDeps, user: AuthUser, query: PageQuery) {
  const { items, total } = await deps.podcasts.page({ hostIds: user.id }, query.page, query.limit);
  const views = items.map((podcast) => ({
    ...podcastView(podcast),
    confirmed: podcast.hosts.some((host) => host.user.id === user.id && host.confirmed),
  }));
  return paginated(views, total, query.page, query.limit);
}

type ShowsQuery = PageQuery & { featured?: boolean; category?: string; search?: string };

/**
 * The maintained list that answers a public shows query: by name (in a category, or whose name
 * starts with the search), featured or not; the featured ones without a search most recently
 * changed first.
 */
function listFor(deps: CatalogDeps, query: ShowsQuery) {
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
export async function allPodcasts(deps: CatalogDeps, query: ShowsQuery) {
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

/** `POST /api/podcasts/all-podcasts` (admins): every show, any status, for the management console. */
export async function managePodcasts(deps: CatalogDeps, user: AuthUser, query: PageQuery & ManagedFilter) {
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
