import { pendingEvent } from '@podz/kit';
import { episodeRestated, podcastRestated } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';
import { episodeState } from './episodes/episode-rules';
import { podcastState } from './shows/podcast-rules';

/**
 * Tells every live show and episode again (`restated`, which nobody takes for news), so services
 * that keep a copy learn the fields catalog's events started carrying after those were written:
 * media's copy of which show and episode a file belongs to, and who may hear it. Safe to repeat.
 */
export async function restateCatalog(deps: Pick<CatalogDeps, 'podcasts' | 'episodes'>): Promise<void> {
  await deps.podcasts.forEach(async (podcast) => {
    const id = podcast.id;
    const state = { ...podcastState(podcast), featured: Boolean(podcast.featured) };
    await deps.podcasts.restate(id, [pendingEvent(podcastRestated, id, state)]);
  });
  await deps.episodes.forEach(undefined, async (episode) => {
    const id = episode.id;
    await deps.episodes.restate(id, [pendingEvent(episodeRestated, id, episodeState(episode, id))]);
  });
}
