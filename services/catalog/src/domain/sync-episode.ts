import type { CatalogDeps } from './catalog-deps';
import { invalidateResponses } from './invalidate-responses';
import { placeEpisode, dropEpisodes } from './place-episode';

/** Places the episode as the store has it now (out of every list if it is gone), its record renewed. */
export async function syncEpisode(deps: CatalogDeps, id: string): Promise<void> {
  const episode = await deps.episodes.refresh(id);
  await (episode ? placeEpisode(deps, episode) : dropEpisodes(deps, [id]));
}

/** Every episode of one show placed again (bounded by the show): its publishing state changed. */
export async function syncShowEpisodes(deps: CatalogDeps, podcastId: string): Promise<void> {
  await deps.episodes.forEach(podcastId, (episode) => deps.lists.placeEpisode(episode));
  await invalidateResponses(deps);
}

/** A show went public or stopped being public: its episodes follow it into or out of the lists. */
export async function showVisibilityChanged(deps: CatalogDeps, podcastId: string, published: boolean) {
  await deps.episodes.setShowPublished(podcastId, published);
  await syncShowEpisodes(deps, podcastId);
}
