import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ANALYTICS_METHOD, type ShowAnalytics } from '@podz/proto';
import { SeriesChart } from '../../components/series-chart';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import {
  csvHref,
  useShowAnalytics,
  useShowEpisodesAnalytics,
  type FigureRange,
} from '../../features/analytics/api/analytics-api';
import { EpisodesTable } from '../../features/analytics/components/episodes-table';
import { presetRange, RangePicker, type RangePreset } from '../../features/analytics/components/range-picker';
import { RankedList } from '../../components/ranked-list';
import { PlaysPanel } from '../../features/analytics/components/plays-panel';
import { StatementPanel } from '../../features/analytics/components/statement-panel';
import { PremiumMembersPanel } from '../../features/premium/components/premium-members-panel';

const hourLabel = (hour: string) => `${hour.padStart(2, '0')}:00`;
const INTERVAL_UNIT = { day: 'Day', week: 'Week', month: 'Month' } as const;

function Figure({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value.toLocaleString('en')}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </li>
  );
}

function NoDownloadsYet({ show }: { show: ShowAnalytics['show'] }) {
  const feed = `${window.location.origin}${paths.show.href(show.uId)}/feed.xml`;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      <p className="font-semibold text-slate-900">No downloads yet.</p>
      <p className="mt-1">
        Here is your feed URL, for Apple Podcasts, Spotify and every other app:{' '}
        <a href={feed} className="break-all text-indigo-700 underline">
          {feed}
        </a>
      </p>
    </div>
  );
}

function Figures({ data, showId, range }: { data: ShowAnalytics; showId: string; range: FigureRange }) {
  const episodes = useShowEpisodesAnalytics(showId);
  const listenersLatest = data.listeners.points.at(-1)?.listeners ?? 0;
  return (
    <div className="grid gap-6">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Key figures">
        <Figure label="Downloads in this range" value={data.downloads.total} />
        <Figure label="Downloads, all time" value={data.allTime} />
        <Figure
          label={data.listeners.interval === 'day' ? 'Listeners, last day' : 'Listeners, last month'}
          value={listenersLatest}
        />
        <Figure
          label="Feed followers (estimate)"
          value={data.feedFollowers.latest}
          note="Apps and readers polling your feed"
        />
      </ul>
      {data.allTime === 0 && <NoDownloadsYet show={data.show} />}
      <SeriesChart
        title="Downloads"
        periods={data.downloads.points.map((point) => point.period)}
        values={data.downloads.points.map((point) => point.downloads)}
        summary={`${data.downloads.total.toLocaleString('en')} from ${data.range.from} to ${data.range.to}`}
        unit={INTERVAL_UNIT[data.range.interval]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <SeriesChart
          title={
            data.listeners.interval === 'day' ? 'Unique listeners per day' : 'Unique listeners per month'
          }
          periods={data.listeners.points.map((point) => point.period)}
          values={data.listeners.points.map((point) => point.listeners)}
          summary="Estimated (HyperLogLog)"
          unit={data.listeners.interval === 'day' ? 'Day' : 'Month'}
        />
        <SeriesChart
          title="Hour of day (UTC)"
          periods={data.hours.map((_, hour) => String(hour))}
          values={data.hours}
          summary="When downloads happen"
          unit="Hour"
          format={hourLabel}
        />
      </div>
      <QueryState
        query={episodes}
        loadingLabel="Loading episodes…"
        isEmpty={(table) => table.episodes.length === 0}
        empty="No episodes yet."
      >
        {(table) => <EpisodesTable episodes={table.episodes} csv={csvHref(showId, 'episodes', range)} />}
      </QueryState>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <RankedList title="Apps" rows={data.apps} csv={csvHref(showId, 'apps', range)} />
        <RankedList title="Devices" rows={data.devices} csv={csvHref(showId, 'devices', range)} />
        <RankedList title="Operating systems" rows={data.os} csv={csvHref(showId, 'os', range)} />
        <RankedList title="Countries" rows={data.countries} csv={csvHref(showId, 'countries', range)} />
      </div>
      <SeriesChart
        title="Feed followers"
        periods={data.feedFollowers.points.map((point) => point.period)}
        values={data.feedFollowers.points.map((point) => point.fetchers + point.aggregatorSubscribers)}
        summary="Distinct apps fetching your feed, plus the subscribers readers report"
      />
    </div>
  );
}

/**
 * `/podcasts/{id}/analytics` (the show's owner, its hosts, admins): downloads over a range, the
 * episodes table, apps, devices, countries, hour of day and feed followers, refreshed every few
 * seconds, with CSV exports.
 */
export default function ShowAnalyticsRoute() {
  const { id = '' } = useParams();
  const [preset, setPreset] = useState<RangePreset>('30d');
  const [range, setRange] = useState<FigureRange>(() => presetRange('30d'));
  const [premium, setPremium] = useState(false);
  const figures = useShowAnalytics(id, range, premium);
  const name = figures.data?.show.name;
  return (
    <>
      <PageHeading
        title={name ? `${name}: analytics` : 'Analytics'}
        intro={`Downloads by the ${ANALYTICS_METHOD.guidelines}: one per listener per episode per ${ANALYTICS_METHOD.window}, after ${ANALYTICS_METHOD.threshold}.`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <a
              href={csvHref(id, 'downloads', range)}
              className="text-sm font-semibold text-indigo-700 underline"
            >
              Download CSV
            </a>
            {figures.data && (
              <Link to={paths.show.href(figures.data.show.uId)} className="text-sm text-slate-700 underline">
                Public page
              </Link>
            )}
          </div>
        }
      />
      <label className="mb-3 flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={premium} onChange={(event) => setPremium(event.target.checked)} />
        Premium only: members’ downloads of premium episodes
      </label>
      <div className="mb-6">
        <RangePicker
          preset={preset}
          range={range}
          onChange={(nextPreset, nextRange) => {
            setPreset(nextPreset);
            setRange(nextRange);
          }}
        />
      </div>
      <QueryState query={figures} loadingLabel="Counting downloads…">
        {(data) => <Figures data={data} showId={id} range={range} />}
      </QueryState>
      <div className="mt-6">
        <PlaysPanel showId={id} range={range} />
      </div>
      <div className="mt-6">
        <StatementPanel showId={id} />
      </div>
      <div className="mt-6">
        <PremiumMembersPanel podcastId={id} />
      </div>
    </>
  );
}
