import { type AuthUser, badRequest, notFound, pendingEvent } from '@podz/kit';
import { AD_BREAKS, episodeUpdated, type AdBreaks, type AdBreaksBody, type Episode } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { episodeState, managedEpisode } from './episode-rules';
import { placeEpisode } from './place-episode';
import { episodeView, showSummary } from '../views';

/**
 * `PUT /api/episodes/{id}/ad-breaks`: where inserted ads and promos go in the episode (a pre-roll,
 * mid-rolls at seconds into its audio, a post-roll), or null to leave it to the network's rule.
 * A mid-roll too close to the audio's end is refused by index.
 */
export async function setAdBreaks(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  id: string,
  body: AdBreaksBody,
): Promise<Episode> {
  const { episode, podcast } = await managedEpisode(deps, user, id);
  const adBreaks = body.adBreaks && checkedBreaks(body.adBreaks, episode.audio.durationSeconds ?? 0);
  const updated = await deps.episodes.change(id, { adBreaks }, [
    pendingEvent(episodeUpdated, id, episodeState({ ...episode, adBreaks }, id)),
  ]);
  if (!updated) throw notFound('Episode');
  await placeEpisode(deps, updated);
  return episodeView(updated, showSummary(podcast));
}

function checkedBreaks(breaks: AdBreaks, durationSeconds: number): AdBreaks {
  const last = durationSeconds - AD_BREAKS.midRollSpacingSeconds;
  const problems = breaks.midRolls.flatMap((at, index) =>
    durationSeconds > 0 && at > last
      ? [
          {
            path: `adBreaks.midRolls.${index}`,
            message: `is less than ${AD_BREAKS.midRollSpacingSeconds} s before the audio ends (${Math.floor(durationSeconds)} s)`,
          },
        ]
      : [],
  );
  if (problems.length) throw badRequest('Some mid-rolls do not fit the episode', problems);
  return breaks;
}
