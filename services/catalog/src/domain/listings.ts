import { FAMILY_LISTS } from '../data/catalog-lists';
import type { EpisodeRecord, PodcastRecord } from '../data/catalog-models';
import type { CatalogDeps } from './catalog-deps';

/**
 * Keeps the catalog's lists (data/catalog-lists.ts) in step with the store. Every write that
 * changes what a list holds places the documents it wrote; catalog's own events place them again
 * from the store (so a crash between the write and Redis loses nothing); a list that is missing is
 * rebuilt from the store, and until it is, pages are read from the store directly. Whatever
 * changes a list or a document on it also invalidates the rendered public answers (the response
 * cache), so a publish is visible at once.
 */

/** Rendered public answers are dropped; a failure only leaves them until their TTL. */
export async function invalidateResponses(deps: CatalogDeps): Promise<void> {
  await deps.responses
    .invalidate()
    .catch((err: unknown) => deps.logger.warn({ err }, 'response cache not invalidated'));
}

export async function placeEpisode(deps: CatalogDeps, episode: EpisodeRecord): Promise<void> {
  await deps.lists.placeEpisode(episode);
  await invalidateResponses(deps);
}

export async function dropEpisodes(deps: CatalogDeps, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => deps.lists.dropEpisode(id)));
  await invalidateResponses(deps);
}

export async function placePodcast(deps: CatalogDeps, podcast: PodcastRecord): Promise<void> {
  await deps.lists.placePodcast(podcast);
  await invalidateResponses(deps);
}

/** A show and its episodes out of every list, and their records dropped. */
export async function dropPodcast(deps: CatalogDeps, id: string, episodeIds: string[]): Promise<void> {
  await Promise.all([deps.podcasts.forget([id]), deps.episodes.forget(episodeIds)]);
  await deps.lists.dropPodcast(id);
  await dropEpisodes(deps, episodeIds);
}

/** Places the episode as the store has it now (out of every list if it is gone), its record renewed. */
export async function syncEpisode(deps: CatalogDeps, id: string): Promise<void> {
  const episode = await deps.episodes.refresh(id);
  await (episode ? placeEpisode(deps, episode) : dropEpisodes(deps, [id]));
}

export async function syncPodcast(deps: CatalogDeps, id: string): Promise<void> {
  const podcast = await deps.podcasts.refresh(id);
  await (podcast ? placePodcast(deps, podcast) : dropPodcast(deps, id, []));
}

/** Every episode of one show placed again (bounded by the show): its publishing state changed. */
export async function syncShowEpisodes(deps: CatalogDeps, podcastId: string): Promise<void> {
  await deps.episodes.forEach(podcastId, (episode) => deps.lists.placeEpisode(episode));
  await invalidateResponses(deps);
}

/** Rebuilds what is missing: at start-up, and when a reader finds a list not built. */
export async function ensureLists(deps: CatalogDeps): Promise<void> {
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
