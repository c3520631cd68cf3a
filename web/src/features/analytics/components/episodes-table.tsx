import { useState } from 'react';
import type { ShowEpisodesAnalytics } from '@podz/proto';
import { formatDate } from '../../../lib/format';

type SortKey = 'first7Days' | 'first30Days' | 'allTime' | 'publishedAt';
type Episode = ShowEpisodesAnalytics['episodes'][number];

const COLUMNS: [SortKey, string][] = [
  ['publishedAt', 'Published'],
  ['first7Days', 'First 7 days'],
  ['first30Days', 'First 30 days'],
  ['allTime', 'All time'],
];

const compare = (key: SortKey) => (a: Episode, b: Episode) =>
  key === 'publishedAt'
    ? (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')
    : b[key] - a[key] || (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '');

/** Every episode's downloads in its first 7 and 30 days and all time: how podcasters compare episodes. */
export function EpisodesTable({ episodes, csv }: { episodes: Episode[]; csv: string }) {
  const [sort, setSort] = useState<SortKey>('publishedAt');
  const rows = [...episodes].sort(compare(sort));
  return (
    <section aria-labelledby="episodes-figures" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="episodes-figures" className="font-semibold text-slate-900">
          Episodes
        </h2>
        <a href={csv} className="text-sm text-indigo-700 underline">
          CSV
        </a>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 font-medium text-slate-700">
                Episode
              </th>
              {COLUMNS.map(([key, label]) => (
                <th
                  key={key}
                  scope="col"
                  aria-sort={sort === key ? 'descending' : 'none'}
                  className="py-2 text-right font-medium text-slate-700"
                >
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    onClick={() => setSort(key)}
                  >
                    {label}
                    {sort === key && <span aria-hidden="true"> ↓</span>}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((episode) => (
              <tr key={episode.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-2 text-slate-900">{episode.title}</td>
                <td className="py-2 text-right text-slate-700">
                  {episode.publishedAt ? formatDate(episode.publishedAt) : '—'}
                </td>
                <td className="py-2 text-right">{episode.first7Days.toLocaleString('en')}</td>
                <td className="py-2 text-right">{episode.first30Days.toLocaleString('en')}</td>
                <td className="py-2 text-right font-medium">{episode.allTime.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
