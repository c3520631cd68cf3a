import type { Category } from '@podz/proto';

/** What search keeps of a show, an episode or a person: what any visitor may see of it. */
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
