import { type AuthUser, pendingEvent, sanitizeRichText } from '@podz/kit';
import { episodeCreated, episodePublished } from '@podz/proto';
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
  managedShow,
  upcomingFor,
  type CreateBody,
} from './episode-rules';

/** `POST /api/episodes`: the show's owner (or an admin) adds an episode with uploaded audio. */
export async function createEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'uploads' | 'users'>,
  user: AuthUser,
  body: CreateBody,
) {
  const podcast = await managedShow(deps, user, body.podcastId);
  const audio = await uploadedMedia(deps, user, body.audioId, 'audio', 'audioId');
  const image = body.imageId ? (await uploadedMedia(deps, user, body.imageId, 'image', 'imageId')).url : null;
  const guests = await knownUsers(deps, body.guestIds, 'body.guestIds');
  checkSoundbites(body.soundbites, audio.durationSeconds ?? 0);
  const publishedAt = body.publishedAt ? new Date(body.publishedAt) : new Date();
  const status = releaseStatus(body.status, publishedAt, 'publishedAt');
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
    publishedAt,
    status,
    ...upcomingFor(status, podcast),
    explicit: body.explicit,
    guests,
    categories: body.categories,
    episodeType: body.episodeType,
    episodeLabel: body.episodeLabel,
    soundbites: body.soundbites,
    ...chaptersWithAudio(undefined, audio),
    premium: await storedEpisodePremium(deps, podcast, body.premium, null),
    showPublished: podcast.status === 'published',
    sourceGuid: null,
  };
  const episode = await deps.episodes.create(fields as never, (id) => [
    pendingEvent(episodeCreated, id, episodeState(fields, id)),
    ...(status === 'published' ? [pendingEvent(episodePublished, id, episodeState(fields, id))] : []),
    ...guestEvents(id, body.podcastId, body.title, guests, []),
  ]);
  await placeEpisode(deps, episode);
  return episodeView(episode, showSummary(podcast));
}
