import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

/** One entry of a list the form edits as text: a value per column. */
export type Row<K extends string> = Record<K, string>;

/**
 * A list of entries edited as rows of text inputs (support links, season names, verification
 * texts): each row removable, new ones added up to `max`. Rows left empty are the caller's to drop.
 */
export function TextRows<K extends string>({
  legend,
  rows,
  columns,
  max,
  addLabel,
  onChange,
}: {
  legend: string;
  rows: Row<K>[];
  columns: { key: K; label: string; placeholder?: string; inputMode?: 'numeric' }[];
  max: number;
  addLabel: string;
  onChange: (rows: Row<K>[]) => void;
}) {
  const blank = Object.fromEntries(columns.map((column) => [column.key, ''])) as Row<K>;
  const set = (index: number, key: K, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">{legend}</legend>
      <ul className="grid gap-3">
        {rows.map((row, index) => (
          <li key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            {columns.map((column) => (
              <TextField
                key={column.key}
                label={`${column.label} ${index + 1}`}
                placeholder={column.placeholder}
                inputMode={column.inputMode}
                value={row[column.key]}
                onChange={(event) => set(index, column.key, event.target.value)}
              />
            ))}
            <Button
              variant="ghost"
              aria-label={`Remove ${legend.split(' (')[0]?.toLowerCase()} entry ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {rows.length < max ? (
        <Button variant="secondary" className="mt-3" onClick={() => onChange([...rows, blank])}>
          {addLabel}
        </Button>
      ) : (
        <p className="mt-3 text-sm text-slate-600">At most {max}.</p>
      )}
    </fieldset>
  );
}
