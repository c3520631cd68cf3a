import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

/** A show's cover and linked name over one line about it: the head of a show's row in a console. */
export function ShowSummary({
  show,
  detail,
  coverClassName = 'size-14',
}: {
  show: { uId: string; name: string; logoPath: string };
  detail: ReactNode;
  coverClassName?: string;
}) {
  return (
    <>
      <img
        src={show.logoPath}
        alt={`${show.name} cover`}
        className={`${coverClassName} rounded-lg bg-slate-100 object-cover`}
      />
      <div className="min-w-0 flex-1">
        <Link to={paths.show.href(show.uId)} className="font-semibold text-slate-900 hover:text-indigo-700">
          {show.name}
        </Link>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
    </>
  );
}
