import type { CatalogDeps } from '../catalog-deps';
import { pageOf, published, type PageQuery } from './podcast-queries';

/** `GET /api/podcasts/public?userId`: a user's published shows. */
export const publicPodcastsOf = (
  deps: Pick<CatalogDeps, 'podcasts' | 'episodes'>,
  query: PageQuery & { userId: string },
) => pageOf(deps, { ...published, ownerId: query.userId }, query);

/** `GET /api/podcasts/public/host-podcasts?userId`: published shows the user hosts (confirmed). */
export const publicHostPodcastsOf = (
  deps: Pick<CatalogDeps, 'podcasts' | 'episodes'>,
  query: PageQuery & { userId: string },
) => pageOf(deps, { ...published, confirmedHostIds: query.userId }, query);
