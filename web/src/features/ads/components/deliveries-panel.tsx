import type { CampaignDeliveries } from '@podz/proto';
import { SeriesChart } from '../../../components/series-chart';
import { RankedList } from '../../../components/ranked-list';
import { PLAY_EVENT_LABELS } from '../../../lib/play-events';

const INTERVAL_UNIT = { day: 'Day', week: 'Week', month: 'Month' } as const;
const number = (value: number) => value.toLocaleString('en');
const asRows = (rows: { name: string; deliveries: number }[]) =>
  rows.map(({ name, deliveries }) => ({ name, downloads: deliveries }));

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </li>
  );
}

/** Delivered so far against the goal, and against where even delivery over the flight would be. */
function paceNote({ delivered, goal, expected }: CampaignDeliveries['pace']): string {
  if (goal === null || expected === null) return 'A house promo fills what is not sold: no goal';
  if (expected === 0) return 'The flight has not started';
  const ratio = delivered / expected;
  if (ratio >= 0.97 && ratio <= 1.03) return `On pace: ${number(expected)} would be even by now`;
  return `${ratio < 1 ? 'Behind' : 'Ahead of'} even pace (${number(expected)} by now)`;
}

type PlayCounts = CampaignDeliveries['plays']['totals'];

/** The creatives' plays PODZ's own players confirmed: a metric apart, never added to deliveries. */
function ConfirmedPlays({ plays }: { plays: CampaignDeliveries['plays'] }) {
  const rows: [string, PlayCounts][] = [
    ...plays.creatives.map((creative): [string, PlayCounts] => [creative.name, creative]),
    ['All creatives', plays.totals],
  ];
  return (
    <section aria-labelledby="confirmed-plays" className="grid gap-2">
      <h3 id="confirmed-plays" className="text-base font-semibold text-slate-900">
        Played in PODZ’s players
      </h3>
      <p className="text-sm text-slate-600">
        What the site’s player and the embed confirm was heard of each creative. Counted apart from
        deliveries: most listening happens in other apps, which report nothing back.
      </p>
      {plays.totals.start === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          No creative of this campaign has been played in PODZ’s players in this range.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Confirmed plays by creative</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Creative
                </th>
                {PLAY_EVENT_LABELS.map(([event, label]) => (
                  <th key={event} scope="col" className="px-3 py-2 text-right">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, counts]) => (
                <tr key={name} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {name}
                  </th>
                  {PLAY_EVENT_LABELS.map(([event]) => (
                    <td key={event} className="px-3 py-2 text-right tabular-nums text-slate-800">
                      {number(counts[event])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A campaign's deliveries, as the console and the advertiser's report show them: the pace, the
 * deliveries by period with their running total, unique listeners, where they were heard, and
 * apart from them the plays PODZ's own players confirmed.
 */
export function DeliveriesPanel({ data, csv }: { data: CampaignDeliveries; csv?: string }) {
  const { pace } = data;
  const running = data.deliveries.points.reduce<number[]>(
    (sums, point) => [...sums, (sums.at(-1) ?? 0) + point.deliveries],
    [],
  );
  const listenersLatest = data.listeners.points.at(-1)?.listeners ?? 0;
  return (
    <div className="grid gap-6">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Key figures">
        <Figure
          label="Delivered, all flight"
          value={number(pace.delivered)}
          note={pace.goal === null ? undefined : `of ${number(pace.goal)} goal`}
        />
        <Figure
          label="Pace"
          value={pace.goal ? `${Math.round((pace.delivered / pace.goal) * 100)} %` : '—'}
          note={paceNote(pace)}
        />
        <Figure label="Delivered in this range" value={number(data.deliveries.total)} />
        <Figure
          label={
            data.listeners.interval === 'day'
              ? 'Listeners reached, last day'
              : 'Listeners reached, last month'
          }
          value={number(listenersLatest)}
          note="Estimated (HyperLogLog)"
        />
      </ul>
      {csv && (
        <p className="-mt-3 text-sm">
          <a href={csv} className="font-semibold text-indigo-700 underline">
            Download the deliveries (CSV)
          </a>
        </p>
      )}
      {pace.delivered === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          Nothing delivered yet. A creative counts once a listener's app has every byte of it.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <SeriesChart
          title="Deliveries"
          periods={data.deliveries.points.map((point) => point.period)}
          values={data.deliveries.points.map((point) => point.deliveries)}
          summary={`${number(data.deliveries.total)} from ${data.range.from} to ${data.range.to}`}
          unit={INTERVAL_UNIT[data.range.interval]}
        />
        <SeriesChart
          title="Delivered so far (pacing)"
          periods={data.deliveries.points.map((point) => point.period)}
          values={running}
          summary={paceNote(pace)}
          unit={INTERVAL_UNIT[data.range.interval]}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <RankedList title="Shows" rows={asRows(data.shows)} />
        <RankedList title="Episodes" rows={asRows(data.episodes)} />
        <RankedList title="Creatives" rows={asRows(data.creatives)} />
        <RankedList title="Positions" rows={asRows(data.positions)} />
        <RankedList title="Countries" rows={asRows(data.countries)} />
        <RankedList title="Apps" rows={asRows(data.apps)} />
      </div>
      <ConfirmedPlays plays={data.plays} />
      <p className="text-xs text-slate-600">
        {data.method.guidelines}: delivered when {data.method.delivered}; once per listener, episode and break
        per {data.method.window}; without {data.method.filters}.
      </p>
    </div>
  );
}
