import { ACCESS_LABELS, BADGE_ACCESS_VALUES, hasAnyAccess, type Access } from '@podz/proto';
import { paths } from '../../config/paths';
import { holds, rolesOf } from '../../lib/route-access';

/** What the side menu's conditions depend on, beyond the user's access list. */
export interface MenuFacts {
  /** New messages (the Messages badge shows it when above zero). */
  newMessages: number;
  /** The user hosts at least one show, confirmed or not (Host Requests). */
  hostsAShow: boolean;
  /** The user appears as a guest in at least one episode (Guest PODZ). */
  guestsAnEpisode: boolean;
  /** The owner-request check (My PODZ). */
  ownerRequestCheck: boolean;
}

export interface MenuEntry {
  key: string;
  label: string;
  href: string;
  badge?: number;
}

interface MenuRow {
  key: string;
  label: string;
  /** Who sees the entry: the roles of the route it opens (lib/route-access.ts ROUTE_RULES). */
  roles: readonly Access[];
  href: (access: readonly string[]) => string;
  /** The spec's condition column; absent means none. */
  condition?: (facts: MenuFacts) => boolean;
  badge?: (facts: MenuFacts) => number | undefined;
}

const always = (href: string) => () => href;

/** The side menu of spec §2: one row per entry, in order. */
export const SIDE_MENU: readonly MenuRow[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    roles: rolesOf(paths.dashboard.path),
    href: always(paths.dashboard.href()),
  },
  {
    key: 'pricing',
    label: 'Pricing',
    roles: rolesOf(paths.pricingPlansEdit.path),
    href: always(paths.pricingPlansEdit.href()),
  },
  {
    key: 'landing',
    label: 'Page Content',
    roles: rolesOf(paths.landing.path),
    href: always(paths.landing.href()),
  },
  {
    key: 'user-requests',
    label: 'User Requests',
    roles: rolesOf(paths.userRequests.path),
    href: always(paths.userRequests.href()),
  },
  { key: 'users', label: 'Users', roles: rolesOf(paths.users.path), href: always(paths.users.href()) },
  {
    key: 'my-favz',
    label: 'My FAVZ',
    roles: rolesOf(paths.myPodcasts.path),
    href: always(paths.myPodcasts.href()),
  },
  {
    key: 'messages',
    label: 'Messages',
    roles: rolesOf(paths.messages.path),
    href: always(paths.messages.href()),
    badge: (facts) => (facts.newMessages > 0 ? facts.newMessages : undefined),
  },
  {
    key: 'host-requests',
    label: 'Host Requests',
    roles: rolesOf(paths.hostRequests.path),
    href: always(paths.hostRequests.href()),
    condition: (facts) => facts.hostsAShow,
  },
  {
    key: 'guest-podz',
    label: 'Guest PODZ',
    roles: rolesOf(paths.guestPodz.path),
    href: always(paths.guestPodz.href()),
    condition: (facts) => facts.guestsAnEpisode,
  },
  {
    key: 'my-podz',
    label: 'My PODZ',
    roles: rolesOf(paths.podcasts.path),
    href: (access) => (holds(access, 'runsShows') ? paths.podcasts.href() : paths.podcastRequests.href()),
    condition: (facts) => facts.ownerRequestCheck,
  },
  {
    key: 'profile',
    label: 'My Profile',
    roles: rolesOf(paths.profile.path),
    href: always(paths.profile.href()),
  },
  { key: 'mediaz', label: 'MediaZ', roles: rolesOf(paths.mediaz.path), href: always(paths.mediaz.href()) },
  {
    key: 'documentation',
    label: 'Documentation',
    roles: rolesOf(paths.documentation.path),
    href: always(paths.documentation.href()),
  },
  {
    key: 'settings',
    label: 'Settings',
    // Spec §2: the admin reaches Settings from the user menu, not the side menu.
    roles: rolesOf(paths.settings.path).filter((role) => role !== 'admin'),
    href: always(paths.settings.href()),
  },
  {
    key: 'podz-management',
    label: 'PODZ Management',
    roles: rolesOf(paths.podzManagement.path),
    href: always(paths.podzManagement.href()),
  },
  {
    key: 'image-gallery',
    label: 'Image Gallery',
    roles: rolesOf(paths.imageGallery.path),
    href: always(paths.imageGallery.href()),
  },
];

/** The entries a user sees: each once, whatever number of their access values match. */
export function menuFor(access: readonly string[], facts: MenuFacts): MenuEntry[] {
  return SIDE_MENU.filter((row) => hasAnyAccess(access, row.roles))
    .filter((row) => row.condition?.(facts) ?? true)
    .map((row) => {
      const badge = row.badge?.(facts);
      return { key: row.key, label: row.label, href: row.href(access), ...(badge ? { badge } : {}) };
    });
}

/** The role badges under the menu (spec §2), labelled as the interface names them (owner: podcaster). */
export function roleBadges(access: readonly string[]): string[] {
  return BADGE_ACCESS_VALUES.filter((value) => access.includes(value)).map((value) => ACCESS_LABELS[value]);
}
