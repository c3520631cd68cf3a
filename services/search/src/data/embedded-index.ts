import MiniSearch, { type Options, type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { SEARCH_RESULTS_MAX, type SearchType } from '@podz/proto';
import type { SearchDocument } from './search-document';
import type { Checkpoints, EngineHit, EngineQuery, IndexEntry, SearchEngine } from './search-engine';
import type { EmbeddedSnapshot, SnapshotFile } from './snapshot-file';
import { foldTerm } from './fold-term';
import { reachOf, type TermSpec } from './term-reach';
import { indexJson } from './index-snapshot';
import {
  FOLLOWERS_WEIGHT,
  fuzziness,
  indexed,
  RECENCY,
  TYPE_OF,
  TYPES,
  visibleTo,
  type Indexed,
} from './indexed-fields';

const DAY_MS = 86_400_000;

/**
 * A query word that would match more documents than this ("show", "the", "episode") is common:
 * it neither selects nor scores, the rarer words do (as Lucene's common-terms query did). So a
 * query costs what its rare words match, not what the whole index holds.
 */
const COMMON_DOCUMENTS = 1_000;
/** Answers to queries of common words only (the one case that scores a large share of an index). */
const COMMON_ANSWERS_KEPT = 256;

type Found = { total: number; hits: EngineHit[] };

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * The query's words as the index is asked for them: folded like the indexed text; as you type,
 * the last word is a prefix ("scien" finds "science"); longer words forgive typos.
 */
function specsOf(text: string): TermSpec[] {
  const terms = tokenize(text).flatMap((word) => foldTerm(word) ?? []);
  return terms.map((term, n) => ({
    term,
    prefix: n === terms.length - 1 && term.length >= 2,
    fuzzy: fuzziness(term),
  }));
}

const treeOf = (specs: TermSpec[], combineWith: 'AND' | 'OR'): Query => ({
  combineWith,
  queries: specs.map(({ term, prefix, fuzzy }) => ({ queries: [term], prefix, fuzzy })),
});

const hitOf = (result: SearchResult, extraTerms: string[] = []): EngineHit => ({
  id: String(result.id),
  score: result.score,
  terms: extraTerms.length ? [...new Set([...result.terms, ...extraTerms])] : result.terms,
});

const followersBoost = (followers: number) => 1 + FOLLOWERS_WEIGHT * Math.log10(1 + followers);

const recencyBoost = (publishedAt: number, now: number) =>
  1 + RECENCY.weight * 0.5 ** (Math.max(0, now - publishedAt) / (RECENCY.halfLifeDays * DAY_MS));

function optionsOf(type: SearchType): Options<Indexed> {
  const { fields, stored } = TYPES[type];
  return {
    fields: Object.keys(fields),
    storeFields: stored,
    processTerm: foldTerm,
    searchOptions: { boost: fields, maxFuzzy: 2 },
  };
}

/**
 * The embedded engine: one MiniSearch index per type in this process's memory (prefix and fuzzy
 * matching, field weights, diacritics folded). Each instance keeps its own, following the
 * document store's change stream (`IndexFollower`), and a snapshot on disk to start from.
 */
export class EmbeddedIndex implements SearchEngine {
  private indexes: Record<SearchType, MiniSearch<Indexed>>;
  /** Bumped by every change to a type's index: a kept answer of an older generation is stale. */
  private readonly generations: Record<SearchType, number> = { shows: 0, episodes: 0, people: 0 };
  private readonly commonAnswers = new Map<string, { generation: number; found: Found }>();
  /** Per document key, a hash of what was indexed of it. */
  private readonly fingerprints = new Map<string, number>();

  /** Its snapshot on local disk (none in a test's throwaway index). */
  readonly checkpoints: Checkpoints;

  constructor(
    snapshots: SnapshotFile | null = null,
    private readonly now: () => number = Date.now,
  ) {
    this.checkpoints = {
      resume: async (usable) => {
        const snapshot = await snapshots?.read();
        if (!snapshot || !(await usable(snapshot.streamId))) return null;
        this.restore(snapshot);
        return snapshot.streamId;
      },
      save: async (streamId) => snapshots?.write(this.snapshot(streamId)),
    };
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
        // A document written again unchanged (a rebuild, an event about a field search does not
        // keep) is not indexed again: replacing leaves the old entry's terms in memory until vacuum.
        const fingerprint = fingerprintOf(record);
        if (this.fingerprints.get(key) === fingerprint && index.has(id)) continue;
        this.fingerprints.set(key, fingerprint);
        if (index.has(id)) index.replace(record);
        else index.add(record);
      } else if (index.has(id)) {
        this.fingerprints.delete(key);
        index.discard(id);
      } else {
        continue;
      }
      this.generations[TYPE_OF[kind]] += 1;
    }
  }

  async search(query: EngineQuery): Promise<Found> {
    const index = this.indexes[query.type];
    const specs = specsOf(query.text);
    const reaches = specs.map((spec) => reachOf(index as MiniSearch<never>, spec));
    const rare = specs.filter((_, n) => (reaches[n]?.documents ?? 0) <= COMMON_DOCUMENTS);
    if (rare.length > 0) {
      // The common words' terms still mark the results' text where they occur.
      const commonTerms = reaches.flatMap((reach) => (reach.documents > COMMON_DOCUMENTS ? reach.terms : []));
      return page(this.ranked(query, rare), query, commonTerms);
    }
    const viewer = query.viewer ? (query.viewer.admin ? 'admin' : query.viewer.id) : '';
    const key = JSON.stringify([query.type, query.text, query.category ?? '', query.language ?? '', viewer]);
    const kept = this.commonAnswers.get(key);
    if (kept && kept.generation === this.generations[query.type]) return slice(kept.found, query);
    const results = this.ranked(query, specs);
    const found = {
      total: results.length,
      hits: results.slice(0, SEARCH_RESULTS_MAX).map((result) => hitOf(result)),
    };
    this.commonAnswers.delete(key);
    this.commonAnswers.set(key, { generation: this.generations[query.type], found });
    if (this.commonAnswers.size > COMMON_ANSWERS_KEPT) {
      this.commonAnswers.delete(this.commonAnswers.keys().next().value as string);
    }
    return slice(found, query);
  }

  /** Every word must match; when that finds nothing, any word may (a long query with one stray word). */
  private ranked(query: EngineQuery, specs: TermSpec[]): SearchResult[] {
    if (specs.length === 0) return [];
    const index = this.indexes[query.type];
    const now = this.now();
    const options: SearchOptions = {
      filter: (result) =>
        (!query.category ||
          result.category === query.category ||
          (Array.isArray(result.categories) && (result.categories as string[]).includes(query.category))) &&
        (!query.language || result.language === query.language) &&
        visibleTo(result.managers, query.viewer),
      boostDocument: (_id, _term, stored) => {
        if (query.type === 'shows') return followersBoost(Number(stored?.followerCount ?? 0));
        if (query.type === 'episodes') return recencyBoost(Number(stored?.publishedAt ?? 0), now);
        return 1;
      },
    };
    const all = index.search(treeOf(specs, 'AND'), options);
    return all.length > 0 ? all : index.search(treeOf(specs, 'OR'), options);
  }

  /** The snapshot as JSON, in pieces (an `EmbeddedSnapshot` once parsed). */
  private *snapshot(streamId: string): Generator<string> {
    yield `{"version":1,"streamId":${JSON.stringify(streamId)},"indexes":{`;
    for (const [n, type] of (['shows', 'episodes', 'people'] as const).entries()) {
      yield `${n > 0 ? ',' : ''}"${type}":`;
      yield* indexJson(this.indexes[type] as MiniSearch<never>);
    }
    yield '}}';
  }

  private restore(snapshot: EmbeddedSnapshot): void {
    const load = (type: SearchType) => MiniSearch.loadJS(snapshot.indexes[type] as never, optionsOf(type));
    this.indexes = { shows: load('shows'), episodes: load('episodes'), people: load('people') };
  }
}

// Read once, not per character: a global read costs a lookup each time (much more in a vm context).
const { imul } = Math;

/** A 53-bit hash (cyrb53) of what is indexed of a document: equal records, equal fingerprints. */
function fingerprintOf(record: Indexed): number {
  const text = JSON.stringify(record);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = imul(h1 ^ code, 2654435761);
    h2 = imul(h2 ^ code, 1597334677);
  }
  h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function page(results: SearchResult[], query: EngineQuery, extraTerms: string[]): Found {
  return {
    total: results.length,
    hits: results.slice(query.offset, query.offset + query.limit).map((result) => hitOf(result, extraTerms)),
  };
}

const slice = (found: Found, query: EngineQuery): Found => ({
  total: found.total,
  hits: found.hits.slice(query.offset, query.offset + query.limit),
});
