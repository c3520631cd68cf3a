import { ELLIPSIS, pageWindow } from '@podz/proto';

/**
 * Page links of spec §5: every page when there are 5 or fewer, otherwise a window with an ellipsis
 * (`pageWindow` from proto, shared with every list the services page).
 */
export function Pagination({
  page,
  totalPages,
  onChange,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const item = 'min-w-9 rounded-md px-3 py-1.5 text-sm font-medium';
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={`${item} text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </button>
      {pageWindow(page, totalPages).map((entry, index) =>
        entry === ELLIPSIS ? (
          <span key={`gap-${index}`} className="px-2 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            aria-current={entry === page ? 'page' : undefined}
            aria-label={`Page ${entry}`}
            className={`${item} ${entry === page ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            onClick={() => onChange(entry)}
          >
            {entry}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${item} text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
