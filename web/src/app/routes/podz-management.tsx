import {
  DEFAULT_PROFILE_PICTURE,
  EPISODE_CATEGORIES,
  PODCAST_STATUSES,
  type PodcastStatus,
} from '@podz/proto';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PeoplePicker } from '../../components/people-picker';
import { SelectField, TextField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { useManagedShows } from '../../features/podz/api/manage-shows-api';
import { FeedImportForm } from '../../features/podcasts/components/feed-import-form';
import { ManagedShowRow } from '../../features/podz/components/managed-show-row';

const ANY = 'any';

/**
 * `/podz-management` (admin): every show in any status, newest first or by name, filtered by
 * status and category, or one owner's shows; feature, publish, edit and delete; import a feed.
 * Filters live in the URL so a view can be linked to.
 */
export default function PodzManagementRoute() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const term = useDeferredValue(search.trim());
  const statusParam = params.get('status') ?? '';
  const status = (PODCAST_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as PodcastStatus)
    : undefined;
  const categoryParam = params.get('category') ?? '';
  const category = (EPISODE_CATEGORIES as readonly string[]).includes(categoryParam)
    ? categoryParam
    : undefined;
  const ownerId = params.get('owner') ?? undefined;
  const ownerName = params.get('ownerName') ?? 'the chosen owner';
  // One owner's shows are a list of their own: the other filters wait until the owner is cleared.
  const shows = useManagedShows(
    ownerId ? { ownerId, page } : { status, category, search: term || undefined, page },
  );

  const setFilters = (changes: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next, { replace });
  };

  return (
    <>
      <PageHeading title="PODZ Management" intro="Every show on the network, in any state." />
      <div className="mb-8">
        <FeedImportForm />
      </div>
      <div role="search" aria-label="Filter shows" className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search"
          type="search"
          placeholder="Start of the name"
          value={search}
          disabled={Boolean(ownerId)}
          onChange={(event) => {
            setSearch(event.target.value);
            setFilters({ q: event.target.value.trim() || undefined }, true);
          }}
        />
        <SelectField
          label="Status"
          value={status ?? ANY}
          disabled={Boolean(ownerId)}
          options={[
            { value: ANY, label: 'Any status' },
            ...PODCAST_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })),
          ]}
          onChange={(event) =>
            setFilters({ status: event.target.value === ANY ? undefined : event.target.value })
          }
        />
        <SelectField
          label="Category"
          value={category ?? ANY}
          disabled={Boolean(ownerId)}
          options={[
            { value: ANY, label: 'Any category' },
            ...EPISODE_CATEGORIES.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) =>
            setFilters({ category: event.target.value === ANY ? undefined : event.target.value })
          }
        />
        <PeoplePicker
          label="Owner"
          single
          value={
            ownerId ? [{ id: ownerId, username: ownerName, profilePicture: DEFAULT_PROFILE_PICTURE }] : []
          }
          onChange={(people) => setFilters({ owner: people[0]?.id, ownerName: people[0]?.username })}
        />
      </div>
      {ownerId && (
        <p className="mb-4 text-sm text-slate-600">
          Showing every show of {ownerName}; remove the owner to search and filter again.
        </p>
      )}
      <QueryState
        query={shows}
        loadingLabel="Loading shows…"
        isEmpty={(data) => data.items.length === 0}
        empty={term && !ownerId ? `No show’s name starts with “${term}”.` : 'No shows match these filters.'}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'show' : 'shows'}
            </p>
            <ul className="space-y-3" aria-label="Shows">
              {data.items.map((show) => (
                <ManagedShowRow key={show.id} show={show} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
