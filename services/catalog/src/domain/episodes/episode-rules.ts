import { type AuthUser, badRequest, notFound, pendingEvent } from '@podz/kit';
import {
  guestAdded,
  type AdBreaks,
  guestRemoved,
  type EpisodeStatus,
  type createEpisodeBodySchema,
  type updateEpisodeBodySchema,
  type UserRef,
} from '@podz/proto';
import type { z } from 'zod';
import type { EpisodeRecord, PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { canManage, showAllowing } from '../shows/podcast-rules';
import { episodePremium } from '../feeds/premium-rules';
import { chapterView } from '../views';

export type CreateBody = z.infer<typeof createEpisodeBodySchema>;
export type UpdateBody = z.infer<typeof updateEpisodeBodySchema>;

/** The show an episode belongs to, when the caller may manage it. */
export async function managedShow(
  deps: Pick<CatalogDeps, 'podcasts'>,
  user: AuthUser,
  podcastId: string,
): Promise<PodcastRecord> {
  return showAllowing(
    deps,
    podcastId,
    (show) => canManage(user, show),
    'Only the show’s owner or an admin can change its episodes',
  );
}

/** An episode with its show, when the caller may manage the show. */
export async function managedEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  user: AuthUser,
  id: string,
) {
  const episode = await deps.episodes.findById(id);
  if (!episode) throw notFound('Episode');
  return { episode, podcast: await managedShow(deps, user, episode.podcast) };
}

/** What an episode's events say of it. */
export const episodeState = (
  episode: Pick<
    EpisodeRecord,
    'podcast' | 'title' | 'status' | 'publishedAt' | 'audio' | 'image' | 'premium' | 'chapters' | 'adBreaks'
  >,
  id: string,
) => ({
  episodeId: id,
  podcastId: episode.podcast,
  title: episode.title,
  status: episode.status as EpisodeStatus,
  publishedAt: new Date(episode.publishedAt).toISOString(),
  audioUrl: episode.audio.url,
  imagePath: episode.image ?? null,
  premium: episodePremium(episode),
  chapters: (episode.chapters ?? []).map(chapterView),
  adBreaks: (episode.adBreaks as AdBreaks | null | undefined) ?? null,
});

/** Files a scheduled episode under its show's owner, for their upcoming releases; any other under none. */
export const upcomingFor = (status: string, podcast: PodcastRecord) => ({
  upcomingFor: status === 'scheduled' ? podcast.owner.id : null,
});

/** The events of guests added to and removed from an episode. */
export function guestEvents(
  id: string,
  podcastId: string,
  title: string,
  added: UserRef[],
  removed: string[],
) {
  const data = (userId: string) => ({ episodeId: id, podcastId, userId, title });
  return [
    ...added.map((guest) => pendingEvent(guestAdded, id, data(guest.id))),
    ...removed.map((userId) => pendingEvent(guestRemoved, id, data(userId))),
  ];
}

/** Soundbites lie within the audio (when its length is known), each named by index when not. */
export function checkSoundbites(
  soundbites: { startTime: number; duration: number }[],
  durationSeconds: number,
) {
  if (!(durationSeconds > 0)) return;
  const problems = soundbites.flatMap((bite, index) =>
    bite.startTime + bite.duration > durationSeconds + 0.5
      ? [
          {
            path: `soundbites.${index}`,
            message: `ends after the audio does (${Math.floor(durationSeconds)} s)`,
          },
        ]
      : [],
  );
  if (problems.length) throw badRequest('Some soundbites do not fit the episode', problems);
}
