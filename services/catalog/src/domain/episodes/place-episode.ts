import type { EpisodeRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { invalidateResponses } from '../invalidate-responses';

export async function placeEpisode(
  deps: Pick<CatalogDeps, 'lists' | 'logger' | 'responses'>,
  episode: EpisodeRecord,
): Promise<void> {
  await deps.lists.placeEpisode(episode);
  await invalidateResponses(deps);
}

export async function dropEpisodes(
  deps: Pick<CatalogDeps, 'lists' | 'logger' | 'responses'>,
  ids: string[],
): Promise<void> {
  await Promise.all(ids.map((id) => deps.lists.dropEpisode(id)));
  await invalidateResponses(deps);
}
