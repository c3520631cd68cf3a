import { useAdSettings } from '../../../lib/ad-settings';

const CHOICES = { network: null, on: true, off: false } as const;
type Choice = keyof typeof CHOICES;
const choiceOf = (value: boolean | null): Choice => (value === null ? 'network' : value ? 'on' : 'off');

/** A show's choice: its episodes carry the network's ads and promos, or not, or as the network says. */
export function InsertionField({
  value,
  onChange,
}: {
  value: boolean | null;
  onChange: (insert: boolean | null) => void;
}) {
  const settings = useAdSettings();
  const networkDefault = settings.data
    ? settings.data.insertByDefault
      ? ' (ads and promos)'
      : ' (none)'
    : '';
  return (
    <label className="grid gap-1 text-sm text-slate-800">
      <span className="font-medium">Ads and promos</span>
      <select
        className="rounded border border-slate-300 px-2 py-1"
        value={choiceOf(value)}
        onChange={(event) => onChange(CHOICES[event.target.value as Choice])}
      >
        <option value="network">As the network decides{networkDefault}</option>
        <option value="on">Carry ads and promos</option>
        <option value="off">No ads or promos</option>
      </select>
      <span className="text-slate-600">
        Inserted at each episode’s breaks as a listener downloads it; premium episodes never carry them.
      </span>
    </label>
  );
}
