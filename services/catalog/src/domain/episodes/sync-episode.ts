import type { CatalogDeps } from '../catalog-deps';
import { invalidateResponses } from '../invalidate-responses';

/** Places the episode as the store has it now (out of every list if it is gone), its record renewed. */
export function syncEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  id: string,
): Promise<void> {
  return syncEpisodes(deps, [id]);
}

/**
 * Places these episodes as the store has them now, with one keyed read and one invalidation for
 * all of them: a catching-up consumer hands over a fetched batch at a time.
 */
export async function syncEpisodes(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  await deps.episodes.forget(unique);
  const found = await deps.episodes.findByIds(unique);
  const present = new Set(found.map((episode) => episode.id));
  await Promise.all(found.map((episode) => deps.lists.placeEpisode(episode)));
  await Promise.all(unique.filter((id) => !present.has(id)).map((id) => deps.lists.dropEpisode(id)));
  await invalidateResponses(deps);
}

/** Every episode of one show placed again (bounded by the show): its publishing state changed. */
export async function syncShowEpisodes(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  podcastId: string,
): Promise<void> {
  await deps.episodes.forEach(podcastId, (episode) => deps.lists.placeEpisode(episode));
  await invalidateResponses(deps);
}

/** A show went public or stopped being public: its episodes follow it into or out of the lists. */
export async function showVisibilityChanged(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  podcastId: string,
  published: boolean,
) {
  await deps.episodes.setShowPublished(podcastId, published);
  await syncShowEpisodes(deps, podcastId);
}
