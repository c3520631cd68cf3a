import { FEATURED_SHOWS_MODES, PAGE_LIMITS, type Podcast } from '@podz/proto';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { swapped } from '../../../lib/format';
import { useFeaturedShows, useShows } from '../api/shows-api';

export type FeaturedMode = (typeof FEATURED_SHOWS_MODES)[number];

const MODE_LABEL: Record<FeaturedMode, string> = {
  featured: 'Shows the admins feature',
  latest: 'The newest shows',
  picked: 'Shows picked here, in this order',
};

/**
 * Which shows the home page features: the admins' featured flag, the newest, or a hand-picked
 * list. Picks are found by name among published shows (a keyed prefix search, five at a time).
 */
export function FeaturedPicks({
  mode,
  podcastIds,
  onChange,
}: {
  mode: FeaturedMode;
  podcastIds: string[];
  onChange: (next: { mode: FeaturedMode; podcastIds: string[] }) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const found = useShows({ search: term, limit: 5 }, mode === 'picked' && term.length >= 2);
  const picked = useFeaturedShows({ mode: 'picked', podcastIds }, PAGE_LIMITS.featuredShows);
  const names = new Map(picked.shows.map((show) => [show.id, show.name]));
  const full = podcastIds.length >= PAGE_LIMITS.featuredShows;

  const setIds = (ids: string[]) => onChange({ mode, podcastIds: ids });
  const move = (index: number, by: -1 | 1) => {
    setIds(swapped(podcastIds, index, index + by));
  };
  const add = (show: Podcast) => {
    if (!podcastIds.includes(show.id) && !full) setIds([...podcastIds, show.id]);
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Featured shows on the home page</legend>
      <SelectField
        label="Which shows"
        value={mode}
        options={FEATURED_SHOWS_MODES.map((value) => ({ value, label: MODE_LABEL[value] }))}
        onChange={(event) => onChange({ mode: event.target.value as FeaturedMode, podcastIds })}
      />
      {mode === 'picked' && (
        <>
          {podcastIds.length === 0 ? (
            <p className="text-sm text-slate-600">No shows picked yet: find them by name below.</p>
          ) : (
            <ol aria-label="Picked shows" className="space-y-1">
              {podcastIds.map((id, index) => {
                const name = names.get(id) ?? (picked.isPending ? 'Loading…' : 'A show that is gone');
                return (
                  <li
                    key={id}
                    className="flex items-center justify-between gap-2 rounded bg-slate-50 px-2 py-1"
                  >
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
              placeholder={full ? `At most ${PAGE_LIMITS.featuredShows} shows` : 'Start of the name'}
              onChange={(event) => setSearch(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
            />
            {term.length >= 2 &&
              (found.isPending ? (
                <p className="mt-1 text-sm text-slate-600">Searching…</p>
              ) : found.isError ? (
                <p className="mt-1 text-sm text-red-700">The search failed; try again.</p>
              ) : (found.data?.items.length ?? 0) === 0 ? (
                <p className="mt-1 text-sm text-slate-600">No published show starts with “{term}”.</p>
              ) : (
                <ul aria-label="Shows found" className="mt-1 space-y-1">
                  {(found.data?.items ?? []).map((show) => (
                    <li key={show.id} className="flex items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 truncate">{show.name}</span>
                      <Button
                        variant="secondary"
                        aria-label={`Pick ${show.name}`}
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
        </>
      )}
    </fieldset>
  );
}
