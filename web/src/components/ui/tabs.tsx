/** A row of tabs over a view (which one is open is the caller's state, usually the URL). */
export function Tabs<V extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly (readonly [V, string])[];
  selected: V;
  onSelect: (value: V) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200">
      {tabs.map(([value, text]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={value === selected}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${value === selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          onClick={() => onSelect(value)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
