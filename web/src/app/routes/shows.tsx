import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { useShows } from '../../features/shows/api/shows-api';
import { CategoryFilter } from '../../features/shows/components/category-filter';
import { ShowGrid } from '../../features/shows/components/show-card';

export default function ShowsRoute() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const category = params.get('category') ?? '';
  const shows = useShows({ page, category: category || undefined });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeading
        title="Shows"
        intro="Every PODZ on the network."
        actions={
          <CategoryFilter
            value={category}
            onChange={(value) => setParams(value ? { category: value } : {})}
          />
        }
      />
      <QueryState
        query={shows}
        isEmpty={(data) => data.items.length === 0}
        empty={category ? `No shows in ${category} yet.` : 'No shows yet.'}
      >
        {(data) => (
          <>
            <ShowGrid shows={data.items} />
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} label="Show pages" />
          </>
        )}
      </QueryState>
    </div>
  );
}
