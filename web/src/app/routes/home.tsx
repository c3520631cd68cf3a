import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function HomeRoute() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-6xl font-extrabold tracking-tight text-slate-900 sm:text-7xl">PODZ</h1>
      <p className="mt-6 text-lg text-balance text-slate-600 sm:text-xl">
        One home for your podcast network: shows, episodes, hosts and guests, all in one place.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link
          to={paths.shows.href()}
          className="rounded-md bg-indigo-600 px-5 py-3 text-sm font-semibold text-white hover:bg-indigo-500"
        >
          Browse shows
        </Link>
        <Link
          to={paths.register.href()}
          className="rounded-md border border-slate-300 px-5 py-3 text-sm font-semibold text-slate-800 hover:border-indigo-600 hover:text-indigo-600"
        >
          Start your PODZ
        </Link>
      </div>
    </section>
  );
}
