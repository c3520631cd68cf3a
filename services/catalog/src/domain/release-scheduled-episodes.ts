import { pendingEvent, sweepDueHours } from '@podz/kit';
import { episodePublished, episodeUpdated } from '@podz/proto';
import type { EpisodeRecord } from '../data/catalog-models';
import type { CatalogDeps } from './catalog-deps';
import { episodeState } from './episode-rules';
import { placeEpisode } from './place-episode';

/**
 * The release clock, one run (every `RELEASE_SWEEP_MS` in each instance): every scheduled episode
 * whose time has come goes public. The release is one conditional write with its events, so of
 * several instances (or a clock and an owner's edit) one decides, and a run cut short by a crash is
 * finished by the next: the hour stays on the clock's bookmark while anything in it is left.
 */
export async function releaseScheduledEpisodes(deps: CatalogDeps, now = new Date()): Promise<void> {
  await sweepDueHours(
    {
      sweptThrough: () => deps.episodes.releasedThrough(),
      setSweptThrough: (hour) => deps.episodes.setReleasedThrough(hour),
      filedIn: (hour) => deps.episodes.scheduledIn(hour),
      isDue: (episode, at) => episode.publishedAt <= at,
      handle: (episode) => releaseEpisode(deps, episode),
      onError: (err, episode) =>
        deps.logger.error({ err, episodeId: episode._id }, 'release failed; tried again on the next run'),
      // A store without a bookmark: a day back covers any clock that was away.
      firstLookBackMs: 24 * 3_600_000,
    },
    now,
  );
}

async function releaseEpisode(deps: CatalogDeps, episode: EpisodeRecord): Promise<void> {
  const id = episode._id.toHexString();
  const state = episodeState({ ...episode, status: 'published' }, id);
  const released = await deps.episodes.release(episode, [
    pendingEvent(episodeUpdated, id, state),
    pendingEvent(episodePublished, id, state),
  ]);
  if (released) await placeEpisode(deps, released);
}
