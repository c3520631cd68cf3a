import { capitalize } from '../../lib/format';
import { DEFAULT_PROFILE_PICTURE, EPISODE_CATEGORIES, PODCAST_STATUSES } from '@podz/proto';
import { PeoplePicker } from '../../components/people-picker';
import { AnySelect, TextField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { oneOf, useFilterParams, useSearchTerm } from '../../lib/use-filter-params';
import { usePageParam } from '../../lib/use-page-param';
import { useManagedShows } from '../../features/shows/api/manage-shows-api';
import { FeedImportForm } from '../../features/shows/components/feed-import-form';
import { ManagedShowRow } from '../../features/shows/components/managed-show-row';

/**
 * `/podz-management` (admin): every show in any status, newest first or by name, filtered by
 * status and category, or one owner's shows; feature, publish, edit and delete; import a feed.
 * Filters live in the URL so a view can be linked to.
 */
export default function PodzManagementRoute() {
  const { params, setFilter, setFilters } = useFilterParams();
  const [page, setPage] = usePageParam();
  const { search, term, onSearch } = useSearchTerm(params, setFilter);
  const status = oneOf(params.get('status'), PODCAST_STATUSES);
  const category = oneOf(params.get('category'), EPISODE_CATEGORIES);
  const ownerId = params.get('owner') ?? undefined;
  const ownerName = params.get('ownerName') ?? 'the chosen owner';
  // One owner's shows are a list of their own: the other filters wait until the owner is cleared.
  const shows = useManagedShows(
    ownerId ? { ownerId, page } : { status, category, search: term || undefined, page },
  );

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
          onChange={(event) => onSearch(event.target.value)}
        />
        <AnySelect
          label="Status"
          anyLabel="Any status"
          value={status}
          disabled={Boolean(ownerId)}
          options={PODCAST_STATUSES.map((value) => ({
            value,
            label: capitalize(value),
          }))}
          onChange={(value) => setFilter('status', value)}
        />
        <AnySelect
          label="Category"
          anyLabel="Any category"
          value={category}
          disabled={Boolean(ownerId)}
          options={EPISODE_CATEGORIES.map((value) => ({ value, label: value }))}
          onChange={(value) => setFilter('category', value)}
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
