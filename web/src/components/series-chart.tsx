import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** `2026-11-26` → `Nov 26`, `2026-11` → `Nov 2026`: the label of a UTC day or month. */
export function periodLabel(period: string): string {
  const month = period.length === 7;
  return new Date(`${month ? `${period}-01` : period}T00:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    ...(month ? { year: 'numeric' } : { day: 'numeric' }),
    timeZone: 'UTC',
  });
}

/**
 * One metric over time as a bar chart (recharts), with the same figures as a table for screen
 * readers and anyone who wants the numbers. `periods` are UTC days or months; `summary` replaces
 * the "N in D days" line.
 */
export function SeriesChart({
  title,
  periods,
  values,
  summary,
  unit = 'Day',
  format = periodLabel,
}: {
  title: string;
  periods: string[];
  values: number[];
  summary?: string;
  unit?: string;
  /** How a period is written under its bar (UTC days and months by default). */
  format?: (period: string) => string;
}) {
  const headingId = useId();
  const data = periods.map((period, index) => ({ day: format(period), count: values[index] ?? 0 }));
  const sum = values.reduce((total, value) => total + value, 0);
  return (
    <figure aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={headingId} className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">
          {summary ?? `${sum.toLocaleString('en')} in ${periods.length} days`}
        </span>
      </figcaption>
      <div className="mt-3 h-40" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* The table below carries the figures for assistive technology: the chart stays out of the tab order. */}
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 4, right: 4, bottom: 0, left: -24 }}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="day"
              tick={{ fontSize: 11, fill: '#475569' }}
              interval="preserveStartEnd"
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
            <Tooltip cursor={{ fill: '#eef2ff' }} />
            <Bar dataKey="count" name={title} fill="#4f46e5" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-indigo-700">Figures by {unit.toLowerCase()}</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="font-medium text-slate-700">
                {unit}
              </th>
              <th scope="col" className="text-right font-medium text-slate-700">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period, index) => (
              <tr key={period}>
                <td className="text-slate-700">{period}</td>
                <td className="text-right text-slate-900">{values[index] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
