import type { Category, SearchType } from '@podz/proto';
import type { Cue, SearchDocument } from './search-document';

/**
 * What answers a search: for now the embedded index in each instance's memory; a search cluster
 * (OpenSearch) is meant to plug in behind the same port, ranking by the same rules (docs/search.md).
 */
export interface SearchEngine {
  apply(entries: IndexEntry[]): Promise<void>;
  search(query: EngineQuery): Promise<{ total: number; hits: EngineHit[] }>;
}

/** A document to (re)index with its transcript's cues, or a key whose document is gone. */
export type IndexEntry = { key: string; doc: SearchDocument | null; cues: Cue[] | null };

export interface EngineQuery {
  type: SearchType;
  text: string;
  category?: Category;
  language?: string;
  offset: number;
  limit: number;
}

/** One match: the document's id, its score, and the indexed terms the query matched. */
export interface EngineHit {
  id: string;
  score: number;
  terms: string[];
}
