import { Link } from 'react-router-dom';
import { ShowSummary } from '../../../components/show-summary';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useUpcomingReleases } from '../api/owner-shows-api';

/**
 * My PODZ's calendar: the shows and episodes scheduled across all of the owner's shows, soonest
 * first. Each is edited or called off from its show's row below.
 */
export function UpcomingReleases() {
  const upcoming = useUpcomingReleases();
  return (
    <section aria-labelledby="upcoming-heading" className="mb-8">
      <h2 id="upcoming-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Upcoming releases
      </h2>
      <QueryState
        query={upcoming}
        loadingLabel="Loading upcoming releases"
        isEmpty={(data) => data.shows.length + data.episodes.length === 0}
        empty="Nothing is scheduled. Pick “Scheduled” as a show’s or an episode’s status to release it later."
      >
        {(data) => (
          <ul className="grid gap-3">
            {data.shows.map((show) => (
              <li
                key={`show-${show.id}`}
                className="flex items-center gap-4 rounded-xl border border-sky-200 bg-sky-50 p-3"
              >
                <ShowSummary
                  show={show}
                  coverClassName="size-12"
                  detail={`The show goes live ${formatDateTime(show.publishAt)}`}
                />
              </li>
            ))}
            {data.episodes.map((episode) => (
              <li
                key={episode.id}
                className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-3"
              >
                <ShowSummary
                  show={episode.show}
                  coverClassName="size-12"
                  detail={
                    <>
                      <Link
                        to={paths.episode.href(episode.show.uId, episode.id)}
                        className="font-medium text-indigo-700 hover:underline"
                      >
                        {episode.title}
                      </Link>{' '}
                      goes live {formatDateTime(episode.publishedAt)}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
