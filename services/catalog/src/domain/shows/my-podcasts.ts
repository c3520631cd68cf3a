import { type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { pageOf, type PageQuery } from './podcast-queries';
import { podcastView } from '../views';

/** `GET /api/podcasts`: the caller's own shows, in any status. */
export const myPodcasts = (
  deps: Pick<CatalogDeps, 'podcasts' | 'episodes'>,
  user: AuthUser,
  query: PageQuery,
) => pageOf(deps, { ownerId: user.id }, query);

/** `GET /api/podcasts/host-podcasts`: every show that invited the caller, with the caller's answer. */
export async function myHostPodcasts(deps: Pick<CatalogDeps, 'podcasts'>, user: AuthUser, query: PageQuery) {
  const { items, total } = await deps.podcasts.page({ hostIds: user.id }, query.page, query.limit);
  const views = items.map((podcast) => ({
    ...podcastView(podcast),
    confirmed: podcast.hosts.some((host) => host.user.id === user.id && host.confirmed),
  }));
  return paginated(views, total, query.page, query.limit);
}
