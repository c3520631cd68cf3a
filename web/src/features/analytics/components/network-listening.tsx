import { Link } from 'react-router-dom';
import { SeriesChart } from '../../../components/series-chart';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useNetworkAnalytics } from '../api/analytics-api';
import { presetRange } from './range-picker';

function Top({
  title,
  rows,
}: {
  title: string;
  rows: { id: string; name: string; to: string; downloads: number }[];
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No downloads this month yet.</p>
      ) : (
        <ol className="mt-2 grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex justify-between gap-2">
              <Link to={row.to} className="truncate text-indigo-700 underline">
                {row.name}
              </Link>
              <span className="font-medium text-slate-900">{row.downloads.toLocaleString('en')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The admins' dashboard: every show's downloads over 30 days, and this month's top shows and episodes. */
export function NetworkListening() {
  const network = useNetworkAnalytics(presetRange('30d'));
  return (
    <section aria-labelledby="dashboard-listening" className="mb-8">
      <h2 id="dashboard-listening" className="mb-3 text-lg font-semibold text-slate-900">
        Listening
      </h2>
      <QueryState query={network} loadingLabel="Counting downloads…">
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            <SeriesChart
              title="Downloads, every show"
              periods={data.downloads.points.map((point) => point.period)}
              values={data.downloads.points.map((point) => point.downloads)}
              summary={`${data.downloads.total.toLocaleString('en')} in 30 days · ${data.allTime.toLocaleString('en')} all time`}
            />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <Top
                title={`Top shows, ${data.month}`}
                rows={data.topShows.map((show) => ({ ...show, to: paths.showAnalytics.href(show.id) }))}
              />
              <Top
                title={`Top episodes, ${data.month}`}
                rows={data.topEpisodes.map((episode) => ({
                  id: episode.id,
                  name: episode.title,
                  downloads: episode.downloads,
                  to: paths.showAnalytics.href(episode.showId),
                }))}
              />
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
