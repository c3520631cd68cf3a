import {
  type AuthUser,
  forbidden,
  notFound,
  pendingEvent,
  type PendingEvent,
  sanitizeRichText,
} from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodeUpdated,
  guestAdded,
  guestRemoved,
  type createEpisodeBodySchema,
  type updateEpisodeBodySchema,
  type UserRef,
} from '@podz/proto';
import type { z } from 'zod';
import type { EpisodeRecord, PodcastRecord } from '../data/catalog-models';
import type { CatalogDeps } from './catalog-deps';
import { dropEpisodes, placeEpisode } from './listings';
import { canManage } from './podcasts';
import { moveUses, NO_USES } from './media-uses';
import { knownUsers, uploadedMedia } from './resolve-refs';
import { episodeView, showSummary } from './views';

type CreateBody = z.infer<typeof createEpisodeBodySchema>;
type UpdateBody = z.infer<typeof updateEpisodeBodySchema>;

async function managedShow(deps: CatalogDeps, user: AuthUser, podcastId: string): Promise<PodcastRecord> {
  const podcast = await deps.podcasts.findById(podcastId);
  if (!podcast) throw notFound('Podcast');
  if (!canManage(user, podcast)) throw forbidden('Only the show’s owner or an admin can change its episodes');
  return podcast;
}

const stateOf = (
  episode: Pick<EpisodeRecord, 'podcast' | 'title' | 'status' | 'publishedAt'>,
  id: string,
) => ({
  episodeId: id,
  podcastId: episode.podcast,
  title: episode.title,
  status: episode.status as 'draft' | 'published',
  publishedAt: new Date(episode.publishedAt).toISOString(),
});

function guestEvents(id: string, podcastId: string, title: string, added: UserRef[], removed: string[]) {
  const data = (userId: string) => ({ episodeId: id, podcastId, userId, title });
  return [
    ...added.map((guest) => pendingEvent(guestAdded, id, data(guest.id))),
    ...removed.map((userId) => pendingEvent(guestRemoved, id, data(userId))),
  ];
}

/** `POST /api/episodes`: the show's owner (or an admin) adds an episode with uploaded audio. */
export async function createEpisode(deps: CatalogDeps, user: AuthUser, body: CreateBody) {
  const podcast = await managedShow(deps, user, body.podcastId);
  const audio = await uploadedMedia(deps, user, body.audioId, 'audio', 'audioId');
  const image = body.imageId ? (await uploadedMedia(deps, user, body.imageId, 'image', 'imageId')).url : null;
  const guests = await knownUsers(deps, body.guestIds, 'body.guestIds');
  const fields = {
    podcast: body.podcastId,
    title: body.title,
    description: sanitizeRichText(body.description),
    audio: {
      url: audio.url,
      type: audio.type,
      bytes: audio.bytes,
      durationSeconds: audio.durationSeconds ?? 0,
    },
    image,
    season: body.season ?? null,
    episode: body.episode ?? null,
    publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date(),
    status: body.status,
    explicit: body.explicit,
    guests,
    categories: body.categories,
    showPublished: podcast.status === 'published',
    sourceGuid: null,
  };
  const episode = await deps.episodes.create(fields as never, (id) => [
    pendingEvent(episodeCreated, id, stateOf(fields, id)),
    ...guestEvents(id, body.podcastId, body.title, guests, []),
  ]);
  await placeEpisode(deps, episode);
  const use = { kind: 'episode' as const, name: body.title, podcastId: body.podcastId };
  await moveUses(deps, episode._id.toHexString(), NO_USES, { urls: [audio.url, image], use });
  return episodeView(episode, showSummary(podcast));
}

/** `PUT /api/episodes/{id}`: the show's owner or an admin. */
export async function updateEpisode(deps: CatalogDeps, user: AuthUser, id: string, body: UpdateBody) {
  const episode = await deps.episodes.findById(id);
  if (!episode) throw notFound('Episode');
  const podcast = await managedShow(deps, user, episode.podcast);
  const changes: Record<string, unknown> = {};
  for (const field of ['title', 'season', 'episode', 'status', 'explicit', 'categories'] as const) {
    if (body[field] !== undefined) changes[field] = body[field];
  }
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (body.publishedAt !== undefined) changes.publishedAt = new Date(body.publishedAt);
  if (body.audioId) {
    const audio = await uploadedMedia(deps, user, body.audioId, 'audio', 'audioId');
    changes.audio = {
      url: audio.url,
      type: audio.type,
      bytes: audio.bytes,
      durationSeconds: audio.durationSeconds ?? 0,
    };
  }
  if (body.imageId !== undefined) {
    changes.image = body.imageId
      ? (await uploadedMedia(deps, user, body.imageId, 'image', 'imageId')).url
      : null;
  }
  const next = { ...episode, ...changes } as EpisodeRecord;
  const events: PendingEvent[] = [pendingEvent(episodeUpdated, id, stateOf(next, id))];
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
  await moveUses(
    deps,
    id,
    {
      urls: [episode.audio?.url, episode.image],
      use: { kind: 'episode', name: episode.title, podcastId: episode.podcast },
    },
    {
      urls: [updated.audio?.url, updated.image],
      use: { kind: 'episode', name: updated.title, podcastId: updated.podcast },
    },
  );
  return episodeView(updated, showSummary(podcast));
}

/** `DELETE /api/episodes/{id}`: the show's owner or an admin. */
export async function deleteEpisode(deps: CatalogDeps, user: AuthUser, id: string) {
  const episode = await deps.episodes.findById(id);
  if (!episode) throw notFound('Episode');
  await managedShow(deps, user, episode.podcast);
  await deps.episodes.markDeleted(id, [
    pendingEvent(episodeDeleted, id, { episodeId: id, podcastId: episode.podcast }),
  ]);
  await dropEpisodes(deps, [id]);
  await moveUses(deps, id, { urls: [episode.audio?.url, episode.image], use: null }, NO_USES);
}
