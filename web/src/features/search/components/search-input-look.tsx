/** The navigation's search field, the same before and after its suggestions load. */
export const SEARCH_INPUT_CLASS =
  'w-full rounded-md border border-slate-300 bg-white py-1.5 pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

export function SearchIcon({
  className = 'pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-slate-500',
}: {
  className?: string;
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
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}
