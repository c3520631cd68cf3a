import { lazy, Suspense } from 'react';
import { PageOutlet } from './page-outlet';
import { SHOWS_MENU_LIMIT } from '@podz/proto';
import { Link, NavLink } from 'react-router-dom';
import { Spinner } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useMenuShows } from '../../features/shows/api/shows-api';
import { useSession } from '../../stores/session-store';
import { Dropdown } from '../../components/ui/dropdown';
import { SearchField } from '../../features/search/components/search-field';

// Signed-in people only: a visitor's first load does without the account menu.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const NAV_LINKS = [
  { to: paths.about.href(), label: 'About' },
  { to: paths.pricing.href(), label: 'Pricing' },
  { to: paths.advertise.href(), label: 'Advertise' },
  { to: paths.contact.href(), label: 'Contact' },
] as const;

const PEOPLE_LINKS = [
  { to: paths.hosts.href(), label: 'Hosts' },
  { to: paths.guests.href(), label: 'Guests' },
  { to: paths.crew.href(), label: 'Crew' },
] as const;

const navItem = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-indigo-700';
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${navItem} ${isActive ? 'text-indigo-700' : ''}`;

/** Spec §2: up to 5 shows as cards linking to /shows/{uId}, and View All Shows. */
function ShowsMenu() {
  const shows = useMenuShows();
  return (
    <Dropdown label="Shows" buttonClassName={navItem}>
      {(close) => (
        <div className="w-[min(90vw,40rem)]">
          {shows.isPending ? (
            <Spinner />
          ) : shows.isError ? (
            <p className="p-3 text-sm text-red-700">The shows could not be loaded.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Shows">
              {shows.data.items.slice(0, SHOWS_MENU_LIMIT).map((show) => (
                <li key={show.id}>
                  <Link
                    to={paths.show.href(show.uId)}
                    onClick={close}
                    className="flex items-center gap-2 rounded-lg p-2 hover:bg-slate-100"
                  >
                    <img
                      src={show.logoPath}
                      alt=""
                      className="size-12 rounded-md bg-slate-100 object-cover"
                    />
                    <span className="line-clamp-2 text-sm font-medium text-slate-900">{show.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={paths.shows.href()}
            onClick={close}
            className="mt-2 block rounded-md px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-slate-100"
          >
            View All Shows →
          </Link>
        </div>
      )}
    </Dropdown>
  );
}

function PeopleMenu() {
  return (
    <Dropdown label="People" buttonClassName={navItem}>
      {(close) => (
        <ul className="w-40" aria-label="People">
          {PEOPLE_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={close}
                className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}

export function PublicLayout() {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0"
        >
          <Link to={paths.home.href()} className="text-xl font-extrabold tracking-tight text-indigo-700">
            PODZ
          </Link>
          {/* Below md the links drop to their own row and wrap instead of disappearing. */}
          <ul className="order-last -mx-3 flex w-full flex-wrap items-center md:order-none md:mx-0 md:w-auto md:flex-1">
            <li>
              <ShowsMenu />
            </li>
            <li>
              <PeopleMenu />
            </li>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <SearchField />
          <div className="flex items-center gap-2">
            {user ? (
              <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
                <UserMenu user={user} />
              </Suspense>
            ) : status === 'loading' ? null : (
              <>
                <Link to={paths.login.href()} className={navItem}>
                  Log in
                </Link>
                <Link
                  to={paths.register.href()}
                  className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
                >
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} PODZ ·{' '}
        <Link to={paths.contact.href()} className="underline">
          Contact
        </Link>
      </footer>
    </div>
  );
}
