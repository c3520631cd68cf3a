import type { Category, SearchType } from '@podz/proto';
import type { Cue, SearchDocument } from './search-document';

/**
 * What answers a search, chosen by `SEARCH_ENGINE`: the embedded index in each instance's memory,
 * or an OpenSearch cluster every instance shares; both rank by the same rules (docs/search.md).
 * Each is kept by an `IndexFollower` reading the document store's change stream.
 */
export interface SearchEngine {
  apply(entries: IndexEntry[]): Promise<void>;
  search(query: EngineQuery): Promise<{ total: number; hits: EngineHit[] }>;
  /** Where the engine records how far into the change stream it holds every change. */
  readonly checkpoints: Checkpoints;
}

export interface Checkpoints {
  /**
   * Loads what was kept (a snapshot; a cluster keeps its indexes) when `usable` accepts the change
   * it was taken at, and says which; null when there is nothing usable, and the engine must be filled.
   */
  resume(usable: (streamId: string) => Promise<boolean>): Promise<string | null>;
  /** Records that everything up to `streamId` is held. */
  save(streamId: string): Promise<void>;
}

/**
 * A document to (re)index with its transcript's cues, or a key whose document is gone; `change` is
 * the change-stream id it reflects (a shared engine keeps the newest when two instances race).
 */
export type IndexEntry = { key: string; doc: SearchDocument | null; cues: Cue[] | null; change: string };

export interface EngineQuery {
  type: SearchType;
  text: string;
  category?: Category;
  language?: string;
  offset: number;
  limit: number;
  /** Who asks, when signed in: they also find the drafts they manage (admins: every draft). */
  viewer?: Viewer;
}

export interface Viewer {
  id: string;
  admin: boolean;
}

/** One match: the document's id, its score, and the indexed terms the query matched. */
export interface EngineHit {
  id: string;
  score: number;
  terms: string[];
}
