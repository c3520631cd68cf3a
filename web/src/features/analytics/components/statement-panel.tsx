import { useId, useState } from 'react';
import { ApiFailure } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useShowStatement } from '../api/analytics-api';

const dollars = (cents: number) => formatMoney(cents / 100, 'USD');

/**
 * The show's monthly statement, for its owner and admins: each campaign's deliveries in its
 * episodes and what they earned at its CPM, and the owner's share. Hidden from its hosts.
 */
export function StatementPanel({ showId }: { showId: string }) {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const statement = useShowStatement(showId, month);
  const monthId = useId();
  if (statement.error instanceof ApiFailure && statement.error.status === 403) return null;
  const data = statement.data;
  return (
    <section aria-labelledby="statement" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="statement" className="text-lg font-semibold text-slate-900">
          Monthly statement
        </h2>
        <label htmlFor={monthId} className="text-sm text-slate-800">
          Month{' '}
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
            className="ml-1 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
      </div>
      {statement.isPending && <p className="mt-2 text-sm text-slate-600">Adding it up…</p>}
      {statement.error && !(statement.error instanceof ApiFailure && statement.error.status === 403) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {statement.error.message}
        </p>
      )}
      {data && (
        <>
          {data.campaigns.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              No ads delivered in this show’s episodes in {data.month}.
            </p>
          ) : (
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Ads delivered and earned in {data.month}</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Advertiser</th>
                  <th scope="col" className="text-right">
                    Delivered
                  </th>
                  <th scope="col" className="text-right">
                    CPM
                  </th>
                  <th scope="col" className="text-right">
                    Earned
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.campaigns.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td>{row.name}</td>
                    <td>{row.advertiser}</td>
                    <td className="text-right">{row.deliveries.toLocaleString('en')}</td>
                    <td className="text-right">{dollars(row.cpmCents)}</td>
                    <td className="text-right">{dollars(row.grossCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-3 text-sm text-slate-800">
            {data.deliveries.toLocaleString('en')} delivered, {dollars(data.grossCents)} earned; your share (
            {data.ownerSharePercent} %): <strong>{dollars(data.ownerCents)}</strong>
          </p>
        </>
      )}
    </section>
  );
}
