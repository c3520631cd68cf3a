import { useId } from 'react';
import type { FigureRange } from '../api/analytics-api';
import { ToggleGroup } from '../../../components/ui/toggle-group';

export type RangePreset = '7d' | '30d' | '12m' | 'custom';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range a preset stands for, ending today (UTC). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = Date.now()): FigureRange {
  const to = dayOf(now);
  if (preset === '7d') return { from: dayOf(now - 6 * DAY_MS), to, interval: 'day' };
  if (preset === '30d') return { from: dayOf(now - 29 * DAY_MS), to, interval: 'day' };
  const start = new Date(now);
  return {
    from: dayOf(Date.UTC(start.getUTCFullYear() - 1, start.getUTCMonth() + 1, 1)),
    to,
    interval: 'month',
  };
}

const PRESETS: [RangePreset, string][] = [
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['12m', '12 months'],
  ['custom', 'Custom'],
];

/** 7 days, 30 days, 12 months, or two days and an interval of one's own. */
export function RangePicker({
  preset,
  range,
  onChange,
}: {
  preset: RangePreset;
  range: FigureRange;
  onChange: (preset: RangePreset, range: FigureRange) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ToggleGroup
        label="Range"
        options={PRESETS}
        value={preset}
        onChange={(value) => onChange(value, value === 'custom' ? range : presetRange(value))}
      />
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label htmlFor={`${id}-from`} className="flex flex-col text-slate-700">
            From
            <input
              id={`${id}-from`}
              type="date"
              value={range.from}
              max={range.to}
              className="rounded-md border border-slate-300 px-2 py-1"
              onChange={(event) =>
                event.target.value && onChange('custom', { ...range, from: event.target.value })
              }
            />
          </label>
          <label htmlFor={`${id}-to`} className="flex flex-col text-slate-700">
            To
            <input
              id={`${id}-to`}
              type="date"
              value={range.to}
              min={range.from}
              className="rounded-md border border-slate-300 px-2 py-1"
              onChange={(event) =>
                event.target.value && onChange('custom', { ...range, to: event.target.value })
              }
            />
          </label>
          <label htmlFor={`${id}-interval`} className="flex flex-col text-slate-700">
            By
            <select
              id={`${id}-interval`}
              value={range.interval}
              className="rounded-md border border-slate-300 px-2 py-1"
              onChange={(event) =>
                onChange('custom', { ...range, interval: event.target.value as FigureRange['interval'] })
              }
            >
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
