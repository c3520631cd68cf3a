import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The search box's parameter: typing replaces the history entry instead of adding one per key. */
const SEARCH = 'q';

/**
 * A list's filters as URL state (so a view can be linked to and survives a reload): set or clear
 * several at once, and every change goes back to the first page.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const setFilters = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next, { replace: Object.keys(changes).every((name) => name === SEARCH) });
  };
  const setFilter = (name: string, value: string | undefined) => setFilters({ [name]: value });
  return { params, setFilter, setFilters };
}

/**
 * A search box kept in `?q=`: the text as typed, and the trimmed term the query waits for
 * (deferred, so typing stays responsive while the list follows).
 */
export function useSearchTerm(params: URLSearchParams, setFilter: (name: string, value?: string) => void) {
  const [search, setSearch] = useState(params.get(SEARCH) ?? '');
  const term = useDeferredValue(search.trim());
  const onSearch = (value: string) => {
    setSearch(value);
    setFilter(SEARCH, value.trim() || undefined);
  };
  return { search, term, onSearch };
}

/** A parameter that must be one of `allowed`; anything else in the URL counts as not set. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
