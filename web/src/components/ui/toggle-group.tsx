/**
 * A row of buttons of which one is on (`aria-pressed`), named as a group: a list's view or range.
 */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold ${value === option ? 'bg-white text-indigo-700 shadow' : 'text-slate-700 hover:text-slate-900'}`}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
