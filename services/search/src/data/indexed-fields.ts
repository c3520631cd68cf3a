import type { SearchType } from '@podz/proto';
import type { Cue, SearchDocument } from './search-document';
import type { Viewer } from './search-engine';

/** What each type's index holds of a document: its searchable text and what filters and boosts read. */
export type Indexed = { id: string } & Record<string, string | number | string[]>;

/**
 * Per type, for every engine: the fields searched with their weight (title over description over
 * transcript), the one matched as you type, and the fields kept for filters and boosts.
 */
export const TYPES: Record<
  SearchType,
  { fields: Record<string, number>; asYouType: string; stored: string[] }
> = {
  shows: {
    fields: { name: 4, people: 2, description: 1 },
    asYouType: 'name',
    stored: ['category', 'language', 'followerCount', 'managers'],
  },
  episodes: {
    fields: { title: 4, guests: 2, showName: 1.5, description: 1, transcript: 0.5 },
    asYouType: 'title',
    stored: ['categories', 'language', 'publishedAt', 'managers'],
  },
  people: { fields: { username: 4, bio: 1 }, asYouType: 'username', stored: [] },
};

export const TYPE_OF: Record<SearchDocument['kind'], SearchType> = {
  show: 'shows',
  episode: 'episodes',
  person: 'people',
};

/** A document as an engine indexes it: its searchable text joined per field, and what filters read. */
export function indexed(doc: SearchDocument, cues: Cue[] | null): Indexed {
  switch (doc.kind) {
    case 'show':
      return {
        id: doc.id,
        name: doc.name,
        people: doc.people.join(' '),
        description: doc.description,
        category: doc.category,
        language: doc.language,
        followerCount: doc.followerCount,
        ...(doc.managers ? { managers: doc.managers } : {}),
      };
    case 'episode':
      return {
        id: doc.id,
        title: doc.title,
        guests: doc.guests.join(' '),
        showName: doc.show.name,
        description: doc.description,
        transcript: cues ? cues.map(([, text]) => text).join(' ') : '',
        categories: doc.categories,
        language: doc.language,
        publishedAt: Date.parse(doc.publishedAt),
        ...(doc.managers ? { managers: doc.managers } : {}),
      };
    case 'person':
      return { id: doc.id, username: doc.username, bio: doc.bio };
  }
}

/** Whether a document is for everyone (no `managers`), or one the viewer manages (admins: all). */
export function visibleTo(managers: unknown, viewer: Viewer | undefined): boolean {
  if (!Array.isArray(managers)) return true;
  return viewer !== undefined && (viewer.admin || managers.includes(viewer.id));
}

/**
 * Typo allowance by the term's length: none under four characters ("cat" must not find "car"),
 * one edit up to seven, two from eight; none in a word with digits (episode 42 is not episode 43).
 */
export const fuzziness = (term: string): number | false =>
  term.length < 4 || /\d/.test(term) ? false : term.length < 8 ? 1 : 2;

/** Gentle: a show with 10,000 followers ranks about 40 % above one with none, at the same match. */
export const FOLLOWERS_WEIGHT = 0.1;
/** Gentle: an episode from this week ranks about 30 % above an old one, half of that after six months. */
export const RECENCY = { weight: 0.3, halfLifeDays: 180 } as const;
