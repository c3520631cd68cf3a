import { pendingEvent, sweepDueHours, type DueHours } from '@podz/kit';
import { episodePublished, episodeUpdated, podcastUpdated } from '@podz/proto';
import type { EpisodeRecord, PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { episodeState } from '../episodes/episode-rules';
import { placeEpisode } from '../episodes/place-episode';
import { placePodcast } from '../shows/place-podcast';
import { podcastState } from '../shows/podcast-rules';
import { showVisibilityChanged } from '../episodes/sync-episode';

// A store without a bookmark: a day back covers any clock that was away.
const FIRST_LOOK_BACK_MS = 24 * 3_600_000;

/**
 * The release clock, one run (every `RELEASE_SWEEP_MS` in each instance): every scheduled show and
 * episode whose time has come goes public. A release is one conditional write with its events, so
 * of several instances (or a clock and an owner's edit) one decides, and a run cut short by a crash
 * is finished by the next: the hour stays on the clock's bookmark while anything in it is left.
 * Shows go first, so an episode due at the same moment as its show appears with it.
 */
export async function releaseScheduled(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'releaseBookmarks' | 'responses'>,
  now = new Date(),
): Promise<void> {
  await sweepDueHours<PodcastRecord>(
    {
      ...bookmark(deps, 'show-releases'),
      filedIn: (hour) => deps.podcasts.scheduledIn(hour),
      isDue: (podcast, at) => Boolean(podcast.publishAt && podcast.publishAt <= at),
      handle: (podcast) => releaseShow(deps, podcast),
      onError: (err, podcast) =>
        deps.logger.error({ err, podcastId: podcast.id }, 'release failed; tried again on the next run'),
      firstLookBackMs: FIRST_LOOK_BACK_MS,
    },
    now,
  );
  await sweepDueHours<EpisodeRecord>(
    {
      ...bookmark(deps, 'releases'),
      filedIn: (hour) => deps.episodes.scheduledIn(hour),
      isDue: (episode, at) => episode.publishedAt <= at,
      handle: (episode) => releaseEpisode(deps, episode),
      onError: (err, episode) =>
        deps.logger.error({ err, episodeId: episode.id }, 'release failed; tried again on the next run'),
      firstLookBackMs: FIRST_LOOK_BACK_MS,
    },
    now,
  );
}

const bookmark = (
  deps: Pick<CatalogDeps, 'releaseBookmarks'>,
  clock: 'releases' | 'show-releases',
): Pick<DueHours<unknown>, 'sweptThrough' | 'setSweptThrough'> => ({
  sweptThrough: () => deps.releaseBookmarks.sweptThrough(clock),
  setSweptThrough: (hour) => deps.releaseBookmarks.setSweptThrough(clock, hour),
});

async function releaseShow(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  podcast: PodcastRecord,
): Promise<void> {
  const id = podcast.id;
  const state = { ...podcastState({ ...podcast, status: 'published' }), featured: Boolean(podcast.featured) };
  const released = await deps.podcasts.release(podcast, [pendingEvent(podcastUpdated, id, state)]);
  if (!released) return;
  await placePodcast(deps, released);
  await showVisibilityChanged(deps, id, true);
}

async function releaseEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  episode: EpisodeRecord,
): Promise<void> {
  const id = episode.id;
  const state = episodeState({ ...episode, status: 'published' }, id);
  const released = await deps.episodes.release(episode, [
    pendingEvent(episodeUpdated, id, state),
    pendingEvent(episodePublished, id, state),
  ]);
  if (released) await placeEpisode(deps, released);
}
