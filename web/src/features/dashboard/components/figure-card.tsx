import { Link } from 'react-router-dom';

/** One figure of the dashboard, leading to the console where it is acted on. */
export function FigureCard({
  label,
  value,
  to,
  note,
}: {
  label: string;
  value: number;
  to: string;
  note?: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="block rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-indigo-600"
      >
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{value.toLocaleString('en')}</p>
        {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
      </Link>
    </li>
  );
}
