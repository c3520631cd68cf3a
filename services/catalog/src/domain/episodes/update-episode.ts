import { type AuthUser, notFound, pendingEvent, type PendingEvent, sanitizeRichText } from '@podz/kit';
import { episodePublished, episodeUpdated, type EpisodeStatus, type Soundbite } from '@podz/proto';
import type { EpisodeRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { chaptersWithAudio } from './episode-chapters';
import { placeEpisode } from './place-episode';
import { storedEpisodePremium } from '../feeds/premium-rules';
import { releaseStatus } from '../releases/release-rules';
import { knownUsers, uploadedMedia } from '../resolve-refs';
import { episodeView, showSummary } from '../views';

import {
  checkSoundbites,
  episodeState,
  guestEvents,
  managedEpisode,
  upcomingFor,
  type UpdateBody,
} from './episode-rules';

/** `PUT /api/episodes/{id}`: the show's owner or an admin. */
export async function updateEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'uploads' | 'users'>,
  user: AuthUser,
  id: string,
  body: UpdateBody,
) {
  const { episode, podcast } = await managedEpisode(deps, user, id);
  const changes: Record<string, unknown> = {};
  const fields = [
    'title',
    'season',
    'episode',
    'explicit',
    'categories',
    'episodeType',
    'episodeLabel',
    'soundbites',
  ] as const;
  for (const field of fields) {
    if (body[field] !== undefined) changes[field] = body[field];
  }
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  // A new time or status decides both together (scheduled or not): the one given and the one held.
  if (body.status !== undefined || body.publishedAt !== undefined) {
    const publishedAt = body.publishedAt !== undefined ? new Date(body.publishedAt) : episode.publishedAt;
    changes.publishedAt = publishedAt;
    changes.status = releaseStatus(
      body.status ?? (episode.status as EpisodeStatus),
      publishedAt,
      'publishedAt',
    );
    Object.assign(changes, upcomingFor(changes.status as string, podcast));
  }
  if (body.audioId) {
    const audio = await uploadedMedia(deps, user, body.audioId, 'audio', 'audioId');
    changes.audio = {
      url: audio.url,
      type: audio.type,
      bytes: audio.bytes,
      durationSeconds: audio.durationSeconds ?? 0,
    };
    Object.assign(changes, chaptersWithAudio(episode, audio));
  }
  if (body.imageId !== undefined) {
    changes.image = body.imageId
      ? (await uploadedMedia(deps, user, body.imageId, 'image', 'imageId')).url
      : null;
  }
  if (body.premium !== undefined) {
    changes.premium = await storedEpisodePremium(deps, podcast, body.premium, id);
  }
  const next = { ...episode, ...changes } as EpisodeRecord;
  if (body.soundbites || body.audioId) {
    checkSoundbites((next.soundbites as Soundbite[] | undefined) ?? [], next.audio.durationSeconds ?? 0);
  }
  const events: PendingEvent[] = [pendingEvent(episodeUpdated, id, episodeState(next, id))];
  if (next.status === 'published' && episode.status !== 'published') {
    events.push(pendingEvent(episodePublished, id, episodeState(next, id)));
  }
  if (body.guestIds) {
    const wanted = await knownUsers(deps, body.guestIds, 'body.guestIds');
    const had = new Set(episode.guests.map((guest) => guest.id));
    const added = wanted.filter((guest) => !had.has(guest.id));
    const removed = [...had].filter((guestId) => !wanted.some((guest) => guest.id === guestId));
    changes.guests = wanted;
    events.push(...guestEvents(id, episode.podcast, next.title, added, removed));
  }
  const updated = await deps.episodes.change(id, changes, events);
  if (!updated) throw notFound('Episode');
  await placeEpisode(deps, updated);
  return episodeView(updated, showSummary(podcast));
}
