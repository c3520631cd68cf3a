import { SeriesChart } from '../../../components/series-chart';
import { PLAY_EVENT_LABELS } from '../../../lib/play-events';
import { useShowPlays, type FigureRange } from '../api/analytics-api';

const INTERVAL_UNIT = { day: 'Day', week: 'Week', month: 'Month' } as const;

/**
 * Plays PODZ's own players (the site's and the embed) confirm, apart from downloads: how many
 * started, and how far listeners got (a quarter, half, three quarters, the end).
 */
export function PlaysPanel({ showId, range }: { showId: string; range: FigureRange }) {
  const plays = useShowPlays(showId, range);
  const data = plays.data;
  if (!data) return null;
  const { totals } = data;
  const share = (value: number) => (totals.start ? `${Math.round((value / totals.start) * 100)} %` : '—');
  return (
    <section aria-labelledby="plays" className="grid gap-3">
      <h2 id="plays" className="text-lg font-semibold text-slate-900">
        Played in PODZ’s players
      </h2>
      <p className="text-sm text-slate-600">
        Confirmed by the site’s player and the embed ({data.players.site.toLocaleString('en')} and{' '}
        {data.players.embed.toLocaleString('en')} plays started); counted apart from downloads.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="How far plays got">
        {PLAY_EVENT_LABELS.map(([event, label]) => (
          <li key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-xl font-bold text-slate-900">
              {event === 'start' ? totals.start.toLocaleString('en') : share(totals[event])}
            </p>
          </li>
        ))}
      </ul>
      <SeriesChart
        title="Plays started"
        periods={data.points.map((point) => point.period)}
        values={data.points.map((point) => point.start)}
        unit={INTERVAL_UNIT[data.range.interval]}
      />
    </section>
  );
}
