/** A top list (apps, devices, countries…) with each row's share drawn as a bar. */
export function RankedList({
  title,
  rows,
  csv,
}: {
  title: string;
  rows: { name: string; downloads: number }[];
  csv?: string;
}) {
  const top = rows[0]?.downloads ?? 0;
  const headingId = `ranked-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        {csv && (
          <a href={csv} className="text-sm text-indigo-700 underline">
            CSV
          </a>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None in this range.</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {rows.map((row) => (
            <li key={row.name} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate text-slate-800">{row.name}</span>
                <span className="font-medium text-slate-900">{row.downloads.toLocaleString('en')}</span>
              </div>
              <div className="mt-1 h-1.5 rounded bg-slate-100" aria-hidden="true">
                <div
                  className="h-1.5 rounded bg-indigo-500"
                  style={{ width: `${top ? Math.max(2, (row.downloads / top) * 100) : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
