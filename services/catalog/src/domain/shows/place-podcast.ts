import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { invalidateResponses } from '../invalidate-responses';
import { dropEpisodes } from '../episodes/place-episode';

export async function placePodcast(
  deps: Pick<CatalogDeps, 'lists' | 'logger' | 'responses'>,
  podcast: PodcastRecord,
): Promise<void> {
  await deps.lists.placePodcast(podcast);
  await invalidateResponses(deps);
}

/** A show and its episodes out of every list, and their records dropped. */
export async function dropPodcast(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  id: string,
  episodeIds: string[],
): Promise<void> {
  await Promise.all([deps.podcasts.forget([id]), deps.episodes.forget(episodeIds)]);
  await deps.lists.dropPodcast(id);
  await dropEpisodes(deps, episodeIds);
}
