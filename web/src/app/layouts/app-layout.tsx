import { PageOutlet } from './page-outlet';
import { SIDEBAR_WIDTH, type SessionUser } from '@podz/proto';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useSession } from '../../stores/session-store';
import { holds, redirectFor } from '../../lib/route-access';
import { MenuIcon } from '../../components/ui/menu-icons';
import { menuFor, roleBadges } from '../navigation/side-menu';
import { useMenuFacts } from '../navigation/use-menu-facts';
import { useSignOut } from '../navigation/use-sign-out';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { VerificationBanner } from '../../features/auth/components/verification-banner';

// Spec §9: 72 units expanded, 20 collapsed (SIDEBAR_WIDTH). Tailwind needs the literal class
// names; the menu collapses on large screens only, small ones slide it in at full width.
const WIDTH_CLASS = { 72: 'w-72', 20: 'lg:w-20' } as const satisfies Record<
  typeof SIDEBAR_WIDTH.expanded | typeof SIDEBAR_WIDTH.collapsed,
  string
>;
const EXPANDED = WIDTH_CLASS[SIDEBAR_WIDTH.expanded];
const COLLAPSED = `${EXPANDED} ${WIDTH_CLASS[SIDEBAR_WIDTH.collapsed]}`;

function SideMenu({
  user,
  collapsed,
  onNavigate,
}: {
  user: SessionUser;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const facts = useMenuFacts(user);
  const entries = menuFor(user.access, facts);
  const signOut = useSignOut();
  const item = (active: boolean) =>
    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
      active ? 'bg-indigo-600 text-white' : 'text-slate-200 hover:bg-slate-800 hover:text-white'
    }`;
  return (
    <nav aria-label="Side menu" className="flex h-full flex-col">
      <Link
        to={paths.home.href()}
        className="px-3 py-4 text-2xl font-extrabold tracking-tight text-white"
        onClick={onNavigate}
      >
        {collapsed ? 'P' : 'PODZ'}
      </Link>
      <ul className="flex-1 space-y-1 overflow-y-auto px-2" data-testid="side-menu">
        {entries.map((entry) => (
          <li key={entry.key}>
            <NavLink
              to={entry.href}
              end
              onClick={onNavigate}
              title={collapsed ? entry.label : undefined}
              className={({ isActive }) => item(isActive)}
              data-menu-entry={entry.key}
            >
              <MenuIcon name={entry.key} />
              <span className={collapsed ? 'sr-only' : 'flex-1'} data-label>
                {entry.label}
              </span>
              {entry.badge !== undefined && (
                <span
                  className="rounded-full bg-rose-500 px-2 py-0.5 text-xs font-bold text-white"
                  data-testid="messages-badge"
                  aria-label={`${entry.badge} new`}
                >
                  {entry.badge}
                </span>
              )}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className={`${item(false)} w-full`} onClick={() => void signOut()}>
            <MenuIcon name="logout" />
            <span className={collapsed ? 'sr-only' : ''}>Logout</span>
          </button>
        </li>
      </ul>
      {!collapsed && (
        <ul className="flex flex-wrap gap-1 px-3 py-4" aria-label="Your roles">
          {roleBadges(user.access).map((badge) => (
            <li
              key={badge}
              className="rounded-full bg-slate-700 px-2.5 py-0.5 text-xs font-semibold text-slate-100"
            >
              {badge}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** Spec §2 action bar: the bell, "Add your PODZ" (owners add a show, others ask first), user menu. */
function ActionBar({ user, onMenu }: { user: SessionUser; onMenu: () => void }) {
  const isAdmin = holds(user.access, 'wholeNetwork');
  const isOwner = holds(user.access, 'runsShows');
  const canOpenAddForm = redirectFor(paths.podcasts.path, user.access) === undefined;
  return (
    <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label="Open the menu"
        onClick={onMenu}
      >
        <MenuIcon name="menu" className="size-6" />
      </button>
      <div className="flex-1" />
      <NotificationBell />
      {!isAdmin && (
        <>
          <span className="hidden sm:block">
            <Link
              to={isOwner ? paths.addPodcast.href() : paths.accessRequest.href()}
              className={buttonClass('primary')}
              data-testid="add-your-podz"
            >
              Add your PODZ
            </Link>
          </span>
          {/* Small screens: the round button of spec §2 opens the add-show form (which shows a
              member without podcaster access how to ask for it). */}
          {canOpenAddForm && (
            <Link
              to={paths.addPodcast.href()}
              className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-2xl text-white sm:hidden"
              aria-label="Add a show"
            >
              +
            </Link>
          )}
          <UserMenu user={user} />
        </>
      )}
    </header>
  );
}

export function AppLayout() {
  const user = useSession((state) => state.user);
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  return (
    <div className="flex min-h-screen bg-slate-50">
      {user && (
        <>
          {mobileOpen && (
            <div
              className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
              aria-hidden="true"
              onClick={() => setMobileOpen(false)}
            />
          )}
          <aside
            className={`fixed inset-y-0 left-0 z-40 flex flex-col bg-slate-900 transition-transform lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 ${
              mobileOpen ? 'translate-x-0' : '-translate-x-full'
            } ${collapsed ? COLLAPSED : EXPANDED}`}
            data-collapsed={collapsed}
            // The site-wide player's bar sets the room it takes at the foot of the screen.
            style={{ paddingBottom: 'var(--player-room, 0px)' }}
          >
            <SideMenu
              user={user}
              collapsed={collapsed && !mobileOpen}
              onNavigate={() => setMobileOpen(false)}
            />
            <button
              type="button"
              className="hidden border-t border-slate-800 py-2 text-sm text-slate-300 hover:text-white lg:block"
              aria-label={collapsed ? 'Expand the menu' : 'Collapse the menu'}
              onClick={() => setCollapsed((value) => !value)}
            >
              {collapsed ? '»' : '«'}
            </button>
          </aside>
        </>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {user && <ActionBar user={user} onMenu={() => setMobileOpen(true)} />}
        {user && <VerificationBanner user={user} />}
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
