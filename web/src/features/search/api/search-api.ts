import type { Category, SearchResults, SearchType } from '@podz/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The shortest term suggestions are asked for: one letter would match half the network. */
export const SUGGEST_MIN = 2;
/** How many of each type the suggestions show. */
const SUGGESTIONS_PER_TYPE = 3;

export interface SearchParams {
  q: string;
  type?: SearchType;
  category?: Category;
  language?: string;
  page?: number;
  limit?: number;
}

function searchUrl(params: SearchParams): string {
  const query = new URLSearchParams({ q: params.q });
  for (const name of ['type', 'category', 'language', 'page', 'limit'] as const) {
    const value = params[name];
    if (value !== undefined) query.set(name, String(value));
  }
  return `/api/search?${query}`;
}

/**
 * As-you-type suggestions: asked once typing settles (the caller debounces), a superseded request
 * cancelled (its signal), the last answer kept on screen while the next one loads.
 */
export function useSuggestions(term: string) {
  return useQuery({
    queryKey: queryKeys.search.suggestions(term),
    queryFn: ({ signal }) =>
      apiFetch<SearchResults>(searchUrl({ q: term, limit: SUGGESTIONS_PER_TYPE }), { signal }),
    enabled: term.length >= SUGGEST_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One page of results (of one type when `type` is given), for the search page. */
export function useSearchResults(params: SearchParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.search.results(params),
    queryFn: ({ signal }) => apiFetch<SearchResults>(searchUrl(params), { signal }),
    enabled: enabled && params.q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
