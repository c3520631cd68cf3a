import { Link } from 'react-router-dom';
import type { SessionUser } from '@podz/proto';
import { Avatar } from '../../components/ui/avatar';
import { paths } from '../../config/paths';
import { holds, redirectFor } from '../../lib/route-access';
import { useSignOut } from '../navigation/use-sign-out';
import { Dropdown } from '../../components/ui/dropdown';

/**
 * Spec §2 user menu: the admin's Dashboard is /dashboard; everyone else's is /mypodcasts. Entries
 * the guard table would answer with /401 are left out (an editor has none of these pages).
 */
export function userMenuEntries(user: SessionUser): { label: string; href: string }[] {
  const entries = holds(user.access, 'wholeNetwork')
    ? [
        { label: 'Dashboard', href: paths.dashboard.href() },
        { label: 'Settings', href: paths.settings.href() },
      ]
    : [
        { label: 'Dashboard', href: paths.myPodcasts.href() },
        { label: 'Profile', href: paths.profile.href() },
        { label: 'Settings', href: paths.settings.href() },
      ];
  return entries.filter((entry) => redirectFor(entry.href, user.access) === undefined);
}

export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const item = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100';
  return (
    <Dropdown
      align="right"
      buttonLabel={`Account menu for ${user.username}`}
      buttonClassName="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600"
      label={<Avatar src={user.profilePicture} name="" size="size-9" />}
    >
      {(close) => (
        <ul className="w-48" aria-label="Account">
          <li className="truncate px-3 py-2 text-xs font-semibold text-slate-600">{user.username}</li>
          {userMenuEntries(user).map((entry) => (
            <li key={entry.label}>
              <Link to={entry.href} className={item} onClick={close}>
                {entry.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}
