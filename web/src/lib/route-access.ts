import { hasAnyAccess, SHOW_ADDERS, type Access } from '@podz/proto';
import { paths } from '../config/paths';

/**
 * Who may open a route (spec §6): anyone; auth-only (no session → `/login`); guest-only (signed in
 * → `/mypodcasts`, or the user's own landing when that is not theirs); or holders of listed access values (others → `/401`, no session → `/login`).
 */
export type RouteRule =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'guest-only' }
  | { kind: 'roles'; roles: readonly Access[] };

const PUBLIC: RouteRule = { kind: 'public' };
const AUTH: RouteRule = { kind: 'auth' };
const GUEST_ONLY: RouteRule = { kind: 'guest-only' };
const roles = (...values: Access[]): RouteRule => ({ kind: 'roles', roles: values });

/** One table for every route; the side menu's roles (spec §2) are the routes' roles. */
export const ROUTE_RULES: readonly { path: string; rule: RouteRule }[] = [
  ...[
    paths.home,
    paths.about,
    paths.advertise,
    paths.contact,
    paths.pricing,
    paths.people,
    paths.hosts,
    paths.guests,
    paths.crew,
    paths.person,
    paths.search,
    paths.shows,
    paths.show,
    paths.episode,
    paths.accessDenied,
    paths.resetPassword,
    paths.verifyEmail,
    paths.unsubscribe,
    paths.advertiserReport,
  ].map(({ path }) => ({ path, rule: PUBLIC })),
  { path: paths.login.path, rule: GUEST_ONLY },
  { path: paths.register.path, rule: GUEST_ONLY },
  { path: paths.accessRequest.path, rule: AUTH },
  { path: paths.podcastRequests.path, rule: AUTH },
  { path: paths.dashboard.path, rule: roles('admin') },
  { path: paths.pricingPlansEdit.path, rule: roles('admin', 'editor') },
  { path: paths.landing.path, rule: roles('admin', 'editor') },
  { path: paths.userRequests.path, rule: roles('admin') },
  { path: paths.users.path, rule: roles('admin') },
  { path: paths.myPodcasts.path, rule: roles('user', 'owner', 'host', 'guest') },
  { path: paths.messages.path, rule: roles('user', 'host', 'guest', 'owner', 'admin') },
  { path: paths.hostRequests.path, rule: roles('user', 'host') },
  { path: paths.guestPodz.path, rule: roles('guest') },
  { path: paths.podcasts.path, rule: roles('user', 'owner') },
  { path: paths.profile.path, rule: roles('user', 'host', 'guest', 'owner') },
  { path: paths.mediaz.path, rule: roles('admin', 'owner') },
  { path: paths.documentation.path, rule: roles('admin') },
  // The admin's user menu has Settings too (spec §2), though the side menu lists it for others only.
  { path: paths.settings.path, rule: roles('user', 'host', 'guest', 'owner', 'admin') },
  { path: paths.podzManagement.path, rule: roles('admin') },
  { path: paths.imageGallery.path, rule: roles('admin', 'owner') },
  // The service checks which shows: its owner's, its confirmed hosts', any for admins.
  { path: paths.showAnalytics.path, rule: roles('owner', 'host', 'admin') },
  { path: paths.campaigns.path, rule: roles('admin', 'editor') },
  { path: paths.campaign.path, rule: roles('admin', 'editor') },
];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((part, index) => part.startsWith(':') || part === b[index]);
}

/**
 * The access values a route is for (its `roles` rule); none for a route whose rule is not by role.
 * The side menu takes each entry's roles from here, so the menu and the guard cannot disagree.
 */
export function rolesOf(path: string): readonly Access[] {
  const rule = ROUTE_RULES.find((entry) => entry.path === path)?.rule;
  return rule?.kind === 'roles' ? rule.roles : [];
}

/**
 * What a page offers beyond opening, by the access values that unlock it: written once here for
 * every page that asks, as the routes' rules are above.
 */
export const PAGE_POWERS = {
  /** Admins see the whole network: every member's files and conversations, every show's figures. */
  wholeNetwork: ['admin'],
  /** Owners run shows of their own; everyone else asks to become one first. */
  runsShows: ['owner'],
  /** Adds shows, as the API allows (`POST /api/podcasts`). */
  addsShows: SHOW_ADDERS,
} as const satisfies Record<string, readonly Access[]>;

/** Whether a signed-in user's access unlocks a page power; never without a session. */
export function holds(access: readonly string[] | undefined, power: keyof typeof PAGE_POWERS): boolean {
  return access !== undefined && hasAnyAccess(access, PAGE_POWERS[power]);
}

export function ruleFor(pathname: string): RouteRule | undefined {
  return ROUTE_RULES.find((entry) => matches(entry.path, pathname))?.rule;
}

/**
 * Where a visit to `pathname` goes instead, or undefined to stay. `access` is the signed-in
 * user's access list, or undefined without a session. Unknown paths stay (the not-found page).
 */
export function redirectFor(pathname: string, access: readonly string[] | undefined): string | undefined {
  const rule = ruleFor(pathname);
  if (!rule || rule.kind === 'public') return undefined;
  // Signed in: to their own landing, so an editor (who has no /mypodcasts) never meets /401.
  if (rule.kind === 'guest-only') return access ? dashboardFor(access) : undefined;
  if (!access) return paths.login.href();
  // The admin's dashboard is its own (spec §6).
  if (pathname === paths.myPodcasts.path && access.includes('admin')) return paths.dashboard.href();
  if (rule.kind === 'roles' && !hasAnyAccess(access, rule.roles)) {
    return paths.accessDenied.href();
  }
  return undefined;
}

/**
 * Where a user lands after signing in: their dashboard, or for an editor (who has none) the first
 * console they may open.
 */
export function dashboardFor(access: readonly string[]): string {
  if (access.includes('admin')) return paths.dashboard.href();
  if (redirectFor(paths.myPodcasts.path, access) === undefined) return paths.myPodcasts.href();
  return paths.pricingPlansEdit.href();
}
