import type MiniSearch from 'minisearch';

/** One query word as MiniSearch will look it up: whole, as a prefix, within `fuzzy` edits. */
export interface TermSpec {
  term: string;
  prefix: boolean;
  fuzzy: number | false;
}

/** How far a query word reaches in an index: about how many documents, through which indexed terms. */
export interface Reach {
  documents: number;
  terms: string[];
}

/** Per indexed term: per field id, the documents (short ids) holding it and how often. */
type TermData = Map<number, Map<number, number>>;

interface TermIndex {
  get(term: string): TermData | undefined;
  atPrefix(prefix: string): Iterable<[string, TermData]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [TermData, number]>;
}

/** How many terms of a prefix or fuzzy expansion are listed for highlighting, at most. */
const LISTED_TERMS = 64;

/**
 * MiniSearch keeps its term index (a radix tree) private and offers no document frequency; the
 * query planner needs one to tell a rare word from one that matches most of an index. This reads
 * it by the name MiniSearch 7 gives it; `term-reach.test.ts` fails the build if an upgrade moves it.
 */
function termIndexOf(index: MiniSearch<never>): TermIndex {
  const termIndex = (index as unknown as { _index?: TermIndex })._index;
  if (!termIndex || typeof termIndex.fuzzyGet !== 'function') {
    throw new Error('minisearch: its term index is not where term-reach.ts reads it (was it upgraded?)');
  }
  return termIndex;
}

/** Documents holding a term in any field: the largest field's count (a lower bound, and close). */
const documentsOf = (data: TermData) => Math.max(0, ...[...data.values()].map((docs) => docs.size));

/**
 * The documents a query word would match, counted the way MiniSearch expands it (the word itself,
 * every indexed term it begins when it is a prefix, every term within its edit distance), without
 * scoring any of them: a few radix-tree walks, whatever the index's size.
 */
export function reachOf(index: MiniSearch<never>, spec: TermSpec): Reach {
  const termIndex = termIndexOf(index);
  const found = new Map<string, number>();
  const exact = termIndex.get(spec.term);
  if (exact) found.set(spec.term, documentsOf(exact));
  if (spec.prefix)
    for (const [term, data] of termIndex.atPrefix(spec.term)) found.set(term, documentsOf(data));
  if (spec.fuzzy) {
    for (const [term, [data]] of termIndex.fuzzyGet(spec.term, spec.fuzzy))
      found.set(term, documentsOf(data));
  }
  let documents = 0;
  for (const count of found.values()) documents += count;
  return { documents, terms: [...found.keys()].slice(0, LISTED_TERMS) };
}
