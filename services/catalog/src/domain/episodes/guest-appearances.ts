import type { CatalogDeps } from '../catalog-deps';
import { EpisodeRepository } from '../../data/episode-repository';
import { pageOf, type PageQuery } from './episode-queries';

/** `GET /api/episodes/public/guest-podcasts?userId`: a user's public guest appearances. */
export const guestAppearances = (
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  query: PageQuery & { userId: string },
) => pageOf(deps, { ...EpisodeRepository.visible(), guestIds: query.userId }, query);
