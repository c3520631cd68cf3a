import { paginated } from '@podz/proto';
import type { PodcastFilter } from '../../data/podcast-repository';
import type { CatalogDeps } from '../catalog-deps';
import { podcastView } from '../views';

/** The filter of what every visitor may see. */
export const published: PodcastFilter = { status: 'published' };

export interface PageQuery {
  page: number;
  limit: number;
}

export async function pageOf(
  deps: Pick<CatalogDeps, 'podcasts' | 'episodes'>,
  filter: PodcastFilter,
  query: PageQuery,
  sort?: Record<string, 1 | -1>,
) {
  const { items, total } = await deps.podcasts.page(filter, query.page, query.limit, sort);
  return paginated(items.map(podcastView), total, query.page, query.limit);
}
