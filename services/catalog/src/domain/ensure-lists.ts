import { FAMILY_LISTS } from '../data/catalog-lists';
import type { CatalogDeps } from './catalog-deps';
import { invalidateResponses } from './invalidate-responses';

/** Rebuilds what is missing: at start-up, and when a reader finds a list not built. */
export async function ensureLists(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
): Promise<void> {
  if (!(await deps.lists.isBuilt(FAMILY_LISTS.episodes))) {
    await deps.lists.withRebuildLock('episodes', async () => {
      await deps.episodes.forEach(undefined, (episode) => deps.lists.placeEpisode(episode));
      await deps.lists.markBuilt(FAMILY_LISTS.episodes);
      await invalidateResponses(deps);
    });
  }
  if (!(await deps.lists.isBuilt(FAMILY_LISTS.podcasts))) {
    await deps.lists.withRebuildLock('podcasts', async () => {
      await deps.podcasts.forEach((podcast) => deps.lists.placePodcast(podcast));
      await deps.lists.markBuilt(FAMILY_LISTS.podcasts);
      await invalidateResponses(deps);
    });
  }
}
