import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, QueryState, Spinner } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { usePage } from '../../features/content/api/content-api';
import { PageContent } from '../../features/content/components/page-content';
import { useFeaturedShows, useLatestEpisodes } from '../../features/shows/api/shows-api';
import { EpisodeList } from '../../features/shows/components/episode-list';
import { ShowGrid } from '../../features/shows/components/show-card';
import { useSession } from '../../stores/session-store';

// A member's only: a visitor's first load does without it.
const ContinueListening = lazy(() => import('../../features/player/components/continue-listening'));

const FEATURED_COUNT = 8;

/** `/`: page content, featured shows and latest episodes, fetched in parallel. */
export default function HomeRoute() {
  const page = usePage('home');
  const featured = useFeaturedShows(page.data?.featuredShows, FEATURED_COUNT);
  const latest = useLatestEpisodes(6);
  const member = useSession((state) => state.user !== undefined);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageContent page={page} />
      {member && (
        <Suspense fallback={null}>
          <ContinueListening />
        </Suspense>
      )}
      <section aria-labelledby="featured-heading" className="mt-14">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="featured-heading" className="text-2xl font-bold text-slate-900">
            Featured shows
          </h2>
          <Link to={paths.shows.href()} className="text-sm font-semibold text-indigo-700 underline">
            View all shows
          </Link>
        </div>
        {featured.isPending ? (
          <Spinner />
        ) : featured.isError ? (
          <ErrorState error={featured.error} onRetry={() => void featured.refetch()} />
        ) : featured.shows.length === 0 ? (
          <EmptyState>No shows have been published yet.</EmptyState>
        ) : (
          <ShowGrid shows={featured.shows} />
        )}
      </section>
      <section aria-labelledby="latest-heading" className="mt-14">
        <h2 id="latest-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Latest episodes
        </h2>
        <QueryState query={latest} isEmpty={(data) => data.items.length === 0} empty="No episodes yet.">
          {(data) => <EpisodeList episodes={data.items} withShow />}
        </QueryState>
      </section>
    </div>
  );
}
