import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useDailyStats, useNetworkFigures } from '../../features/dashboard/api/dashboard-api';
import { SeriesChart } from '../../components/series-chart';
import { NetworkListening } from '../../features/analytics/components/network-listening';
import { FigureCard } from '../../features/dashboard/components/figure-card';

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">{children}</ul>
    </section>
  );
}

const CHARTS = [
  ['signups', 'Sign-ups'],
  ['episodes', 'Episodes published'],
  ['follows', 'Follows'],
  ['messages', 'Messages sent'],
] as const;

/** The last 30 days, from the analytics service's counts of the domain events. */
function Activity() {
  const stats = useDailyStats(30);
  return (
    <section aria-labelledby="dashboard-activity" className="mb-8">
      <h2 id="dashboard-activity" className="mb-3 text-lg font-semibold text-slate-900">
        The last 30 days
      </h2>
      <QueryState query={stats} loadingLabel="Loading activity…">
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {CHARTS.map(([metric, title]) => (
              <SeriesChart key={metric} title={title} periods={data.days} values={data.series[metric]} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

/**
 * `/dashboard` (admin): the network at a glance, each figure leading to its console, and its
 * activity over the last 30 days. Both refresh every minute.
 */
export default function DashboardRoute() {
  const figures = useNetworkFigures();
  const totals = useDailyStats(30).data?.totals;
  const users = paths.users.href();
  const shows = paths.podzManagement.href();
  return (
    <>
      <PageHeading
        title="Dashboard"
        intro="The network at a glance."
        actions={
          <Link to={paths.campaigns.href()} className="text-indigo-700 underline">
            Campaigns: ads and promos
          </Link>
        }
      />
      <QueryState query={figures} loadingLabel="Counting…">
        {(data) => (
          <>
            <Group title="Waiting for you">
              <FigureCard
                label="Access requests pending"
                value={data.pendingRequests}
                to={paths.userRequests.href()}
              />
              <FigureCard
                label="New contact and advertise messages"
                value={data.newSubmissions}
                to={`${paths.messages.href()}?view=inbox&status=new`}
              />
            </Group>
            <Group title="People">
              <FigureCard label="Everyone" value={data.users.all} to={users} />
              <FigureCard label="Members" value={data.users.user} to={`${users}?type=user`} />
              <FigureCard label="Podcasters" value={data.users.owner} to={`${users}?type=owner`} />
              <FigureCard label="Hosts" value={data.users.host} to={`${users}?type=host`} />
              <FigureCard label="Guests" value={data.users.guest} to={`${users}?type=guest`} />
              <FigureCard label="Editors" value={data.users.editor} to={`${users}?type=editor`} />
              <FigureCard label="Admins" value={data.users.admin} to={`${users}?type=admin`} />
            </Group>
            <Group title="Shows and episodes">
              <FigureCard
                label="Published shows"
                value={data.shows.published}
                to={`${shows}?status=published`}
              />
              <FigureCard label="Draft shows" value={data.shows.draft} to={`${shows}?status=draft`} />
              <FigureCard
                label="Archived shows"
                value={data.shows.archived}
                to={`${shows}?status=archived`}
              />
              <FigureCard label="Episodes published" value={data.episodesPublished} to={paths.shows.href()} />
            </Group>
            {totals && (
              <Group title="Conversations">
                <FigureCard label="Messages sent" value={totals.messages} to={paths.messages.href()} />
                <FigureCard label="Follows" value={totals.follows} to={shows} />
              </Group>
            )}
            <NetworkListening />
            <Activity />
          </>
        )}
      </QueryState>
    </>
  );
}
