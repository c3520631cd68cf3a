import type { Access } from '@podz/proto';
import { dashboardFor, holds, redirectFor, ROUTE_RULES } from './route-access';

const PUBLIC = [
  '/',
  '/about',
  '/advertise',
  '/contact',
  '/people',
  '/people/hosts',
  '/people/guests',
  '/people/crew',
  '/shows',
  '/shows/the-science-hour',
  '/shows/the-science-hour/64b7f0c2a1b2c3d4e5f60718',
  '/pricing',
  '/401',
];
const SIGNED_IN = [
  '/dashboard',
  '/mypodcasts',
  '/profile',
  '/settings',
  '/requests/access',
  '/podcasts',
  '/podcast-requests',
  '/pricing-plans/edit',
  '/landing',
  '/users/requests',
  '/users',
  '/messages',
  '/podcasts/requests',
  '/guest-podz',
  '/mediaz',
  '/documentation',
  '/podz-management',
  '/image-gallery',
];

/** Where each role lands on each signed-in route: undefined stays, otherwise the redirect. */
const EXPECTED: Record<string, Partial<Record<Access, string>>> = {
  '/dashboard': { editor: '/401', user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/mypodcasts': { admin: '/dashboard', editor: '/401' },
  '/profile': { admin: '/401', editor: '/401' },
  '/settings': { editor: '/401' },
  '/requests/access': {},
  '/podcasts': { admin: '/401', editor: '/401', host: '/401', guest: '/401' },
  '/podcast-requests': {},
  '/pricing-plans/edit': { user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/landing': { user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/users/requests': { editor: '/401', user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/users': { editor: '/401', user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/messages': { editor: '/401' },
  '/podcasts/requests': { admin: '/401', editor: '/401', owner: '/401', guest: '/401' },
  '/guest-podz': { admin: '/401', editor: '/401', user: '/401', owner: '/401', host: '/401' },
  '/mediaz': { editor: '/401', user: '/401', host: '/401', guest: '/401' },
  '/documentation': { editor: '/401', user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/podz-management': { editor: '/401', user: '/401', owner: '/401', host: '/401', guest: '/401' },
  '/image-gallery': { editor: '/401', user: '/401', host: '/401', guest: '/401' },
};
const ROLES: Access[] = ['admin', 'editor', 'user', 'owner', 'host', 'guest'];

describe('the route guard table', () => {
  it('covers every route of spec §2', () => {
    const covered = ROUTE_RULES.map((entry) => entry.path);
    for (const path of ['/login', '/register', ...SIGNED_IN]) expect(covered).toContain(path);
  });

  it('lets anyone open the public routes, signed in or not', () => {
    for (const path of PUBLIC) {
      expect(redirectFor(path, undefined)).toBeUndefined();
      for (const role of ROLES) expect(redirectFor(path, [role])).toBeUndefined();
    }
  });

  it('sends visitors without a session to /login from every signed-in route', () => {
    for (const path of SIGNED_IN) expect(redirectFor(path, undefined)).toBe('/login');
  });

  it('sends signed-in users away from /login and /register to their landing', () => {
    for (const path of ['/login', '/register']) {
      expect(redirectFor(path, undefined)).toBeUndefined();
      expect(redirectFor(path, ['user'])).toBe('/mypodcasts');
      expect(redirectFor(path, ['admin'])).toBe('/dashboard');
      expect(redirectFor(path, ['editor'])).toBe('/pricing-plans/edit');
    }
  });

  it.each(ROLES)('lands a user holding only %s where the spec says', (role) => {
    for (const path of SIGNED_IN)
      expect([path, redirectFor(path, [role])]).toEqual([path, EXPECTED[path]![role]]);
  });

  it('lets any one of several access values open a route', () => {
    expect(redirectFor('/guest-podz', ['user', 'guest'])).toBeUndefined();
    expect(redirectFor('/mediaz', ['user', 'owner'])).toBeUndefined();
    expect(redirectFor('/mypodcasts', ['user', 'admin'])).toBe('/dashboard');
  });

  it('leaves unknown paths to the not-found page', () => {
    expect(redirectFor('/nowhere/at/all', undefined)).toBeUndefined();
  });
});

describe('dashboardFor', () => {
  it('sends admins to /dashboard, editors to their first console and everyone else to /mypodcasts', () => {
    expect(dashboardFor(['admin'])).toBe('/dashboard');
    expect(dashboardFor(['editor'])).toBe('/pricing-plans/edit');
    expect(dashboardFor(['user', 'owner'])).toBe('/mypodcasts');
    expect(dashboardFor(['user', 'editor'])).toBe('/mypodcasts');
  });
});

describe('page powers', () => {
  it('unlock what a page offers by access, and nothing without a session', () => {
    expect(holds(['user', 'admin'], 'wholeNetwork')).toBe(true);
    expect(holds(['user', 'owner'], 'wholeNetwork')).toBe(false);
    expect(holds(['user', 'owner'], 'runsShows')).toBe(true);
    expect(holds(['user', 'admin'], 'runsShows')).toBe(false);
    expect(holds(undefined, 'wholeNetwork')).toBe(false);
  });

  it('take who may add a show from the API’s route table', () => {
    expect(holds(['user', 'owner'], 'addsShows')).toBe(true);
    expect(holds(['admin'], 'addsShows')).toBe(true);
    expect(holds(['user', 'host', 'editor'], 'addsShows')).toBe(false);
  });
});
