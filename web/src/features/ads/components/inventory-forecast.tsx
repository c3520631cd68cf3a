import { EPISODE_CATEGORIES } from '@podz/proto';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useInventoryForecast, type InventoryAsk } from '../api/campaigns-api';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const KINDS = [
  { value: 'network', label: 'The whole network' },
  { value: 'showId', label: 'A show (its id)' },
  { value: 'category', label: 'A category' },
  { value: 'country', label: 'A country (two letters)' },
] as const;

/**
 * What can still be sold: impressions a show, a category, a country or the network holds over
 * chosen days (from the last 28 days' downloads and the network's breaks), less what live
 * campaigns have left to deliver there.
 */
export function InventoryForecastPanel() {
  const [draft, setDraft] = useState<InventoryAsk>(() => ({
    from: dayOf(Date.now() + DAY_MS),
    to: dayOf(Date.now() + 30 * DAY_MS),
    kind: 'network',
    value: '',
  }));
  const [ask, setAsk] = useState<InventoryAsk>();
  const forecast = useInventoryForecast(ask);
  const data = forecast.data;
  return (
    <section aria-labelledby="inventory" className="mb-8 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="inventory" className="text-lg font-semibold text-slate-900">
        Inventory forecast
      </h2>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-5 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setAsk({
            ...draft,
            value: draft.kind === 'country' ? draft.value.toUpperCase() : draft.value.trim(),
          });
        }}
      >
        <TextField
          label="From (UTC)"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To (UTC)"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <SelectField
          label="Of"
          value={draft.kind}
          options={KINDS}
          onChange={(event) =>
            setDraft({ ...draft, kind: event.target.value as InventoryAsk['kind'], value: '' })
          }
        />
        {draft.kind === 'category' ? (
          <SelectField
            label="Category"
            value={draft.value}
            options={[
              { value: '', label: 'Choose…' },
              ...EPISODE_CATEGORIES.map((one) => ({ value: one, label: one })),
            ]}
            onChange={(event) => setDraft({ ...draft, value: event.target.value })}
          />
        ) : (
          <TextField
            label={draft.kind === 'showId' ? 'Show id' : draft.kind === 'country' ? 'Country' : 'Selection'}
            value={draft.value}
            disabled={draft.kind === 'network'}
            onChange={(event) => setDraft({ ...draft, value: event.target.value })}
          />
        )}
        <Button type="submit" disabled={forecast.isFetching}>
          Forecast
        </Button>
      </form>
      {forecast.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(forecast.error)}
        </p>
      )}
      {data && (
        <p className="mt-3 text-sm text-slate-800" role="status">
          <strong>{data.available.toLocaleString('en')} impressions available</strong> from {data.from} to{' '}
          {data.to}: {data.capacity.toLocaleString('en')} in all ({data.basis.downloadsPerDay} downloads a day
          over the last 28 days × {data.days} days × {data.breaksPerDownload} breaks),{' '}
          {data.booked.toLocaleString('en')} booked by live campaigns.
        </p>
      )}
    </section>
  );
}
