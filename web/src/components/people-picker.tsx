import type { Paginated, PublicUser, UserRef } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { apiFetch } from '../lib/api-client';
import { Avatar } from './ui/avatar';
import { queryKeys } from '../lib/query-keys';

/** Members found by a name prefix (signed-in members may look anyone up by at least 2 letters). */
function usePeopleSearch(search: string) {
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  return useQuery({
    queryKey: queryKeys.people.search(debounced),
    enabled: debounced.length >= 2,
    queryFn: ({ signal }) =>
      apiFetch<Paginated<PublicUser>>(`/api/users?search=${encodeURIComponent(debounced)}&limit=8`, {
        signal,
      }),
  });
}

/**
 * Picks people by name: used to invite hosts, credit guests and write to someone. `single` keeps
 * one pick (a message's recipient).
 */
export function PeoplePicker({
  label,
  value,
  onChange,
  excludeIds = [],
  single = false,
}: {
  label: string;
  value: UserRef[];
  onChange: (people: UserRef[]) => void;
  excludeIds?: string[];
  single?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const found = usePeopleSearch(search);
  const chosen = new Set([...value.map((person) => person.id), ...excludeIds]);
  const options = (found.data?.items ?? []).filter((person) => !chosen.has(person.id));

  const add = (person: PublicUser) => {
    const ref = { id: person.id, username: person.username, profilePicture: person.profilePicture };
    onChange(single ? [ref] : [...value, ref]);
    setSearch('');
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {value.map((person) => (
            <li
              key={person.id}
              className="flex items-center gap-2 rounded-full bg-indigo-50 py-1 pr-2 pl-1 text-sm text-indigo-900"
            >
              <Avatar src={person.profilePicture} name="" size="size-6" />
              {person.username}
              <button
                type="button"
                aria-label={`Remove ${person.username}`}
                className="ml-1 text-indigo-700 hover:text-red-700"
                onClick={() => onChange(value.filter((other) => other.id !== person.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {!(single && value.length > 0) && (
        <>
          <input
            id={id}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Type at least 2 letters of a username"
            autoComplete="off"
            className="mt-2 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-indigo-600 focus:outline-none"
          />
          {search.trim().length >= 2 && (
            <ul
              className="mt-1 max-h-56 overflow-auto rounded-md border border-slate-200 bg-white shadow-sm"
              aria-label={`${label}: matches`}
            >
              {found.isPending && <li className="px-3 py-2 text-sm text-slate-600">Searching…</li>}
              {found.isError && (
                <li className="px-3 py-2 text-sm text-red-700">The search failed; try again</li>
              )}
              {found.isSuccess && options.length === 0 && (
                <li className="px-3 py-2 text-sm text-slate-600">Nobody by that name</li>
              )}
              {options.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50"
                    onClick={() => add(person)}
                  >
                    <Avatar src={person.profilePicture} name="" size="size-7" />
                    {person.username}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
