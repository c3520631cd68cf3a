/** The navigation's search field, the same before and after its suggestions load. */
export const SEARCH_INPUT_CLASS =
  'w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';
export const SEARCH_LABEL = 'Search shows, episodes and people';

export function SearchIcon({
  className = 'pointer-events-none absolute top-2 left-2 size-4 text-slate-500',
}) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className={className}
    >
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" />
    </svg>
  );
}
