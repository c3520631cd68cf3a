import { EPISODE_CATEGORIES } from '@podz/proto';

export function CategoryFilter({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      Category
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      >
        <option value="">All categories</option>
        {EPISODE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
    </label>
  );
}
