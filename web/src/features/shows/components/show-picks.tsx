import { type Podcast } from '@podz/proto';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { swapped } from '../../../lib/format';
import { useFeaturedShows, useShows } from '../api/shows-api';

/**
 * An ordered pick of published shows (the home page's featured shows, a show's podroll): found by
 * name (a keyed prefix search, five at a time), moved up and down, removed. `excludeIds` cannot be
 * picked (a show recommending itself).
 */
export function ShowPicks({
  podcastIds,
  max,
  onChange,
  excludeIds = [],
  label = 'Picked shows',
}: {
  podcastIds: string[];
  max: number;
  onChange: (ids: string[]) => void;
  excludeIds?: string[];
  label?: string;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const found = useShows({ search: term, limit: 5 }, term.length >= 2);
  const picked = useFeaturedShows({ mode: 'picked', podcastIds }, max);
  const names = new Map(picked.shows.map((show) => [show.id, show.name]));
  const full = podcastIds.length >= max;

  const setIds = onChange;
  const move = (index: number, by: -1 | 1) => {
    setIds(swapped(podcastIds, index, index + by));
  };
  const add = (show: Podcast) => {
    if (!podcastIds.includes(show.id) && !full) setIds([...podcastIds, show.id]);
  };
  const shown = (found.data?.items ?? []).filter((show) => !excludeIds.includes(show.id));

  return (
    <div className="space-y-3">
      {podcastIds.length === 0 ? (
        <p className="text-sm text-slate-600">No shows picked yet: find them by name below.</p>
      ) : (
        <ol aria-label={label} className="space-y-1">
          {podcastIds.map((id, index) => {
            const name = names.get(id) ?? (picked.isPending ? 'Loading…' : 'A show that is gone');
            return (
              <li key={id} className="flex items-center justify-between gap-2 rounded bg-slate-50 px-2 py-1">
                <span className="min-w-0 truncate text-sm text-slate-900">
                  {index + 1}. {name}
                </span>
                <span className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Move ${name} down`}
                    disabled={index === podcastIds.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => setIds(podcastIds.filter((other) => other !== id))}
                  >
                    ✕
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Find a show to pick
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          disabled={full}
          placeholder={full ? `At most ${max} shows` : 'Start of the name'}
          onChange={(event) => setSearch(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
        />
        {term.length >= 2 &&
          (found.isPending ? (
            <p className="mt-1 text-sm text-slate-600">Searching…</p>
          ) : found.isError ? (
            <p className="mt-1 text-sm text-red-700">The search failed; try again.</p>
          ) : shown.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No published show starts with “{term}”.</p>
          ) : (
            <ul aria-label="Shows found" className="mt-1 space-y-1">
              {shown.map((show) => (
                <li key={show.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate">{show.name}</span>
                  <Button
                    variant="secondary"
                    aria-label={`${podcastIds.includes(show.id) ? 'Picked' : 'Pick'} ${show.name}`}
                    disabled={full || podcastIds.includes(show.id)}
                    onClick={() => add(show)}
                  >
                    {podcastIds.includes(show.id) ? 'Picked' : 'Pick'}
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}
