import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Top navigation of spec §2, in order. The Shows and People hover menus replace these links later. */
const NAV_LINKS = [
  { to: paths.shows.href(), label: 'Shows' },
  { to: paths.people.href(), label: 'People' },
  { to: paths.about.href(), label: 'About' },
  { to: paths.pricing.href(), label: 'Pricing' },
  { to: paths.advertise.href(), label: 'Advertise' },
  { to: paths.contact.href(), label: 'Contact' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-indigo-600' : 'text-slate-700 hover:text-indigo-600'
  }`;

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0"
        >
          <Link to={paths.home.href()} className="text-xl font-extrabold tracking-tight text-indigo-600">
            PODZ
          </Link>
          {/* Below md the links drop to their own row and wrap instead of disappearing. */}
          <ul className="order-last -mx-3 flex w-full flex-wrap items-center gap-x-1 md:order-none md:mx-0 md:w-auto md:flex-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="ml-auto flex items-center gap-2 md:ml-0">
            <Link
              to={paths.login.href()}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-indigo-600"
            >
              Log in
            </Link>
            <Link
              to={paths.register.href()}
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
            >
              Sign Up
            </Link>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
