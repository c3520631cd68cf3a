import type { NetworkAudience } from '@podz/proto';
import { periodLabel } from '../../../components/series-chart';
import { useNetworkAudience } from '../api/analytics-api';

function Shares({ title, rows }: { title: string; rows: NetworkAudience['countries'] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Not measured yet.</p>
      ) : (
        <ol className="mt-2 grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.name} className="flex justify-between gap-2">
              <span className="text-slate-800">{row.name}</span>
              <span className="font-medium text-slate-900">{row.share} %</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The network's audience as an advertiser weighs it, measured by the IAB rules: downloads over the
 * last 30 days, unique listeners this month and last, the top countries and apps.
 */
export function AudiencePanel() {
  const audience = useNetworkAudience();
  const data = audience.data;
  if (!data) return null;
  const figures: [string, number][] = [
    ['Downloads, last 30 days', data.downloads],
    [
      `Listeners in ${periodLabel(data.listeners.thisMonth.month)} so far`,
      data.listeners.thisMonth.listeners,
    ],
    [`Listeners in ${periodLabel(data.listeners.lastMonth.month)}`, data.listeners.lastMonth.listeners],
  ];
  return (
    <section
      aria-labelledby="audience-heading"
      className="mx-auto mt-12 max-w-5xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="audience-heading" className="text-xl font-bold text-slate-900">
        Our audience
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Measured by the IAB Tech Lab Podcast Measurement Guidelines; listeners are estimated.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <li key={label} className="rounded-xl border border-slate-200 p-4">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900">{value.toLocaleString('en')}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Shares title="Top countries" rows={data.countries} />
        <Shares title="Top apps" rows={data.apps} />
      </div>
    </section>
  );
}
