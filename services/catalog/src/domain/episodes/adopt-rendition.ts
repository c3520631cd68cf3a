import { pendingEvent } from '@podz/kit';
import { episodeUpdated, type EventData, type audioRendered } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { episodeState } from './episode-rules';
import { placeEpisode } from './place-episode';

/**
 * Media made an upload's house-format rendition: every episode whose audio is still the upload's
 * own file serves the rendition from now on (its feed's enclosure, its player), with its length
 * and type. An episode already moved, or moved to other audio since, is left as it is.
 */
export async function adoptRendition(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
  made: EventData<typeof audioRendered>,
): Promise<number> {
  const episodes = await deps.episodes.withAudio(made.original);
  for (const episode of episodes) {
    const audio = {
      url: made.rendition.url,
      type: made.rendition.type,
      bytes: made.rendition.bytes,
      durationSeconds: made.rendition.durationSeconds,
    };
    const next = { ...episode, audio };
    const updated = await deps.episodes.change(episode.id, { audio }, [
      pendingEvent(episodeUpdated, episode.id, episodeState(next, episode.id)),
    ]);
    if (updated) await placeEpisode(deps, updated);
  }
  if (episodes.length > 0)
    deps.logger.info({ upload: made.uploadId, episodes: episodes.length }, 'rendition adopted');
  return episodes.length;
}
