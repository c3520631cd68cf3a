import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { SearchType } from '@podz/proto';
import type { Cue, SearchDocument } from './search-document';
import type { EngineHit, EngineQuery, IndexEntry, SearchEngine } from './search-engine';
import { foldTerm } from './fold-term';

/** What each type's index holds of a document: its searchable text and what filters and boosts read. */
type Indexed = { id: string } & Record<string, string | number | string[]>;

const DAY_MS = 86_400_000;

/** Per type: the fields searched (with their weight), the fields kept for filters and boosts. */
const TYPES: Record<SearchType, { fields: Record<string, number>; stored: string[] }> = {
  shows: {
    fields: { name: 4, people: 2, description: 1 },
    stored: ['category', 'language', 'followerCount'],
  },
  episodes: {
    fields: { title: 4, guests: 2, showName: 1.5, description: 1, transcript: 0.5 },
    stored: ['categories', 'language', 'publishedAt'],
  },
  people: { fields: { username: 4, bio: 1 }, stored: [] },
};

const TYPE_OF: Record<SearchDocument['kind'], SearchType> = {
  show: 'shows',
  episode: 'episodes',
  person: 'people',
};

function indexed(doc: SearchDocument, cues: Cue[] | null): Indexed {
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
      };
    case 'person':
      return { id: doc.id, username: doc.username, bio: doc.bio };
  }
}

/**
 * Typo allowance by the term's length: none under four characters ("cat" must not find "car"),
 * one edit up to seven, two from eight.
 */
const fuzziness = (term: string) => (term.length < 4 ? false : term.length < 8 ? 1 : 2);

/** As you type, the last word is a prefix ("scien" finds "science"); the others are whole words. */
const prefixOnLast = (term: string, index: number, terms: string[]) =>
  index === terms.length - 1 && term.length >= 2;

/** Gentle: a show with 10,000 followers ranks about 40 % above one with none, at the same match. */
const followersBoost = (followers: number) => 1 + Math.log10(1 + followers) / 10;

/** Gentle: an episode from this week ranks about 30 % above an old one, half of that after six months. */
const recencyBoost = (publishedAt: number, now: number) =>
  1 + 0.3 * 0.5 ** (Math.max(0, now - publishedAt) / (180 * DAY_MS));

function optionsOf(type: SearchType): Options<Indexed> {
  const { fields, stored } = TYPES[type];
  return {
    fields: Object.keys(fields),
    storeFields: stored,
    processTerm: foldTerm,
    searchOptions: { boost: fields, fuzzy: fuzziness, prefix: prefixOnLast, maxFuzzy: 2 },
  };
}

/**
 * The embedded engine: one MiniSearch index per type in this process's memory (prefix and fuzzy
 * matching, field weights, diacritics folded). Each instance keeps its own, following the
 * document store's change stream (`IndexFollower`).
 */
export class EmbeddedIndex implements SearchEngine {
  private indexes: Record<SearchType, MiniSearch<Indexed>>;

  constructor(private readonly now: () => number = Date.now) {
    this.indexes = {
      shows: new MiniSearch(optionsOf('shows')),
      episodes: new MiniSearch(optionsOf('episodes')),
      people: new MiniSearch(optionsOf('people')),
    };
  }

  get documentCount(): number {
    return Object.values(this.indexes).reduce((sum, index) => sum + index.documentCount, 0);
  }

  async apply(entries: IndexEntry[]): Promise<void> {
    for (const { key, doc, cues } of entries) {
      const [kind, id] = key.split(':') as [SearchDocument['kind'], string];
      const index = this.indexes[TYPE_OF[kind]];
      if (doc) {
        const record = indexed(doc, cues);
        if (index.has(id)) index.replace(record);
        else index.add(record);
      } else if (index.has(id)) {
        index.discard(id);
      }
    }
  }

  async search(query: EngineQuery): Promise<{ total: number; hits: EngineHit[] }> {
    const index = this.indexes[query.type];
    const now = this.now();
    const options: SearchOptions = {
      filter: (result) =>
        (!query.category ||
          result.category === query.category ||
          (Array.isArray(result.categories) && (result.categories as string[]).includes(query.category))) &&
        (!query.language || result.language === query.language),
      boostDocument: (_id, _term, stored) => {
        if (query.type === 'shows') return followersBoost(Number(stored?.followerCount ?? 0));
        if (query.type === 'episodes') return recencyBoost(Number(stored?.publishedAt ?? 0), now);
        return 1;
      },
    };
    // Every word must match; when that finds nothing, any word may (a long query with one stray word).
    let results = index.search(query.text, { ...options, combineWith: 'AND' });
    if (results.length === 0) results = index.search(query.text, { ...options, combineWith: 'OR' });
    return {
      total: results.length,
      hits: results
        .slice(query.offset, query.offset + query.limit)
        .map((result) => ({ id: String(result.id), score: result.score, terms: result.terms })),
    };
  }

  snapshot(streamId: string): EmbeddedSnapshot {
    return {
      version: 1,
      streamId,
      indexes: {
        shows: this.indexes.shows.toJSON(),
        episodes: this.indexes.episodes.toJSON(),
        people: this.indexes.people.toJSON(),
      },
    };
  }

  restore(snapshot: EmbeddedSnapshot): void {
    const load = (type: SearchType) => MiniSearch.loadJS(snapshot.indexes[type] as never, optionsOf(type));
    this.indexes = { shows: load('shows'), episodes: load('episodes'), people: load('people') };
  }
}

/** The snapshot's shape: each type's index, and where in the change stream it was taken. */
export interface EmbeddedSnapshot {
  version: 1;
  streamId: string;
  indexes: Record<SearchType, unknown>;
}
