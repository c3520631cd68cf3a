import type { Podcast } from '@podz/proto';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { plainText } from '../../../lib/rich-text';

export function ShowCard({ show }: { show: Podcast }) {
  return (
    <Link
      to={paths.show.href(show.uId)}
      className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <img
        src={show.logoPath}
        alt={`${show.name} cover`}
        loading="lazy"
        className="aspect-square w-full bg-slate-100 object-cover"
      />
      <div className="p-4">
        <h3 className="font-semibold text-slate-900 group-hover:text-indigo-700">{show.name}</h3>
        <p className="mt-1 text-xs font-medium tracking-wide text-indigo-700 uppercase">{show.category}</p>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{plainText(show.description)}</p>
      </div>
    </Link>
  );
}

export function ShowGrid({ shows }: { shows: Podcast[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {shows.map((show) => (
        <li key={show.id}>
          <ShowCard show={show} />
        </li>
      ))}
    </ul>
  );
}
