import type { Category, EpisodeStatus, PodcastStatus } from '@podz/proto';

/**
 * What search keeps of a show, an episode or a person: what any visitor may see of it; or, for a
 * show or episode that is not public, what its managers may find of it (`managers` set).
 */
export type SearchDocument = ShowDocument | EpisodeDocument | PersonDocument;

/** One transcript cue: where it starts (seconds) and what is said. */
export type Cue = [startSeconds: number, text: string];

export interface ShowDocument {
  kind: 'show';
  id: string;
  uId: string;
  name: string;
  description: string;
  logoPath: string;
  category: Category;
  language: string;
  followerCount: number;
  /** The people who make it, by username, so a host's name finds their show. */
  people: string[];
  /** Its owner (absent from documents stored before it was kept). */
  ownerId?: string;
  /** A show that is not public: its status, and who may find it (`managers`, and admins). */
  status?: PodcastStatus;
  managers?: string[];
}

export interface EpisodeDocument {
  kind: 'episode';
  id: string;
  title: string;
  description: string;
  show: { id: string; uId: string; name: string; logoPath: string };
  categories: Category[];
  /** The show's language (an episode has none of its own). */
  language: string;
  publishedAt: string;
  guests: string[];
  /** The transcript revision indexed (its `updatedAt`), or null without one. */
  transcriptRevision: string | null;
  /** An episode that is not public: its status, and who may find it (`managers`, and admins). */
  status?: EpisodeStatus;
  managers?: string[];
}

export interface PersonDocument {
  kind: 'person';
  id: string;
  username: string;
  bio: string;
  profilePicture: string;
}

export type DocumentKind = SearchDocument['kind'];

/** A document's key in the store and in the change stream: `show:<id>`, `episode:<id>`, `person:<id>`. */
export const documentKey = (kind: DocumentKind, id: string) => `${kind}:${id}`;
