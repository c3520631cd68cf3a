import type { Episode, Podcast, PublicUser } from '@podz/proto';
import type { EpisodeDocument, PersonDocument, ShowDocument } from '../data/search-document';
import { plainText } from './plain-text';

/** How much of a description is indexed and kept: enough for every passage a result shows. */
const DESCRIPTION_CHARS = 4_000;

/** A show as search keeps it, from catalog's public answer. */
export function showDocument(podcast: Podcast): ShowDocument {
  return {
    kind: 'show',
    id: podcast.id,
    uId: podcast.uId,
    name: podcast.name,
    description: plainText(podcast.description).slice(0, DESCRIPTION_CHARS),
    logoPath: podcast.logoPath,
    category: podcast.category,
    language: podcast.language,
    followerCount: podcast.followerCount,
    people: [
      podcast.owner.username,
      ...podcast.hosts.filter((host) => host.confirmed).map((host) => host.user.username),
      ...podcast.crew.map((member) => member.user.username),
    ],
    ownerId: podcast.owner.id,
  };
}

/** An episode as search keeps it; `language` is its show's. */
export function episodeDocument(episode: Episode, language: string): EpisodeDocument {
  return {
    kind: 'episode',
    id: episode.id,
    title: episode.title,
    description: plainText(episode.description).slice(0, DESCRIPTION_CHARS),
    show: {
      id: episode.show.id,
      uId: episode.show.uId,
      name: episode.show.name,
      logoPath: episode.show.logoPath,
    },
    categories: episode.categories,
    language,
    publishedAt: episode.publishedAt,
    guests: episode.guests.map((guest) => guest.username),
    transcriptRevision: episode.transcript?.updatedAt ?? null,
  };
}

/** A person as search keeps them, from identity's public profile. */
export function personDocument(user: PublicUser): PersonDocument {
  return {
    kind: 'person',
    id: user.id,
    username: user.username,
    bio: plainText(user.bio).slice(0, DESCRIPTION_CHARS),
    profilePicture: user.profilePicture,
  };
}
