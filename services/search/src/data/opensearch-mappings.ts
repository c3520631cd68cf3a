import type { SearchType } from '@podz/proto';
import { TYPES } from './indexed-fields';

/**
 * The OpenSearch indexes' settings and mappings, one index per type (`<prefix>-shows`, …), created
 * by the service when missing. Words are folded as the embedded index folds them (lower case,
 * accents off); each type's name or title is a `search_as_you_type` field, so its edge n-grams
 * answer a prefix ("scien") without scanning the term dictionary.
 */
const SETTINGS = {
  number_of_shards: 1,
  // A second copy needs a second node; a cluster of several raises it (docs/search.md).
  number_of_replicas: 0,
  // A change is searchable within a second of being written (the goal is 2 s).
  refresh_interval: '1s',
  analysis: {
    // Words are runs of letters, digits and marks, as the embedded index and the highlighter split
    // them ("ada.nwosu" is two words; the standard tokenizer would keep it whole).
    tokenizer: { words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{M}]+' } },
    analyzer: {
      folded: { type: 'custom', tokenizer: 'words', filter: ['lowercase', 'asciifolding'] },
    },
  },
};

const text = { type: 'text', analyzer: 'folded' } as const;
const keyword = { type: 'keyword' } as const;

const FILTER_FIELDS: Record<SearchType, Record<string, object>> = {
  shows: { category: keyword, language: keyword, followerCount: { type: 'integer' }, managers: keyword },
  episodes: {
    categories: keyword,
    language: keyword,
    publishedAt: { type: 'date', format: 'epoch_millis' },
    managers: keyword,
  },
  people: {},
};

export function indexDefinition(type: SearchType) {
  const { fields, asYouType } = TYPES[type];
  const searched = Object.fromEntries(
    Object.keys(fields).map((field) => [
      field,
      field === asYouType ? { type: 'search_as_you_type', analyzer: 'folded' } : text,
    ]),
  );
  return {
    settings: SETTINGS,
    // Strict: a field the code does not know about is an error, not a silently guessed mapping.
    mappings: { dynamic: 'strict', properties: { ...searched, ...FILTER_FIELDS[type] } },
  };
}

/** The index holding where the engine's followers are in the change stream. */
export const STATE_DEFINITION = {
  settings: { number_of_shards: 1, number_of_replicas: 0 },
  mappings: { dynamic: 'strict', properties: { streamId: keyword } },
};
