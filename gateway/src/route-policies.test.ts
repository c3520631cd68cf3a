import { ROUTE_POLICIES, expectedOutcome, matchRoute, type RoutePolicy } from './route-policies';

const routeFor = (method: string, path: string) => {
  const match = matchRoute(method, path);
  return match && 'route' in match ? match.route : undefined;
};

describe('the route policy table', () => {
  it('matches whole segments, one parameter per segment, and nothing unlisted', () => {
    expect(routeFor('GET', '/api/user')?.service).toBe('identity');
    expect(routeFor('GET', '/api/users/64b7f0c2a1b2c3d4e5f60718')?.path).toBe('/api/users/:id');
    expect(routeFor('GET', '/api/podcasts/name/some-show')?.service).toBe('catalog');
    expect(routeFor('GET', '/api/requests/single-request')?.service).toBe('requests');
    expect(routeFor('GET', '/api/conversations/count')?.service).toBe('messaging');
    expect(matchRoute('GET', '/api/userss')).toBeUndefined();
    expect(matchRoute('GET', '/api')).toBeUndefined();
    expect(matchRoute('GET', '/api/users/a/b/c')).toBeUndefined();
    expect(matchRoute('GET', '/api/admin/secrets')).toBeUndefined();
  });

  it('sends media and feeds to catalog, and leaves the other site paths to the web app', () => {
    expect(routeFor('GET', '/media/audio/64b7f0c2a1b2c3d4e5f60718.mp3')?.service).toBe('media');
    expect(routeFor('HEAD', '/media/images/64b7f0c2a1b2c3d4e5f60718.png')?.service).toBe('media');
    expect(routeFor('GET', '/shows/the-science-hour/feed.xml')?.service).toBe('catalog');
    expect(matchRoute('GET', '/shows/the-science-hour')).toBeUndefined();
    expect(matchRoute('GET', '/shows/the-science-hour/64b7f0c2a1b2c3d4e5f60718')).toBeUndefined();
  });

  it('prefers literal segments to parameters, whatever the order of the table', () => {
    expect(routeFor('GET', '/api/users/user-count')?.path).toBe('/api/users/user-count');
    expect(routeFor('GET', '/api/podcasts/followed')?.path).toBe('/api/podcasts/followed');
    const reversed = [...ROUTE_POLICIES].reverse();
    const match = matchRoute('POST', '/api/conversations/admin', reversed);
    expect(match && 'route' in match && match.route.policy).toEqual(['admin']);
  });

  it('lists the methods a known path allows, and reads HEAD as GET', () => {
    expect(matchRoute('POST', '/api/user')).toEqual({ allowed: ['GET'] });
    expect(matchRoute('DELETE', '/api/podcasts/followed')).toEqual({ allowed: ['GET'] });
    expect(matchRoute('POST', '/api/users/64b7f0c2a1b2c3d4e5f60718')).toEqual({
      allowed: ['GET', 'PATCH', 'PUT', 'DELETE'],
    });
    expect(routeFor('HEAD', '/api/users')?.method).toBe('GET');
  });

  it('has one entry per method and path, and a service and policy for each', () => {
    const keys = ROUTE_POLICIES.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of ROUTE_POLICIES) {
      // Under /api, media, show feeds and members' private feeds, plus the oEmbed endpoint, whose
      // path the oEmbed world expects.
      expect(entry.path).toMatch(/^\/((api|media|shows|feeds)\/[a-z:]|oembed$)/);
      expect(entry.policy === 'public' || entry.policy === 'signed-in' || entry.policy.length > 0).toBe(true);
    }
  });

  it('sends oEmbed to catalog, for anyone', () => {
    expect(routeFor('GET', '/oembed')).toMatchObject({ service: 'catalog', policy: 'public' });
  });

  it('gives only owners and admins the creation of shows, and only admins the review of requests', () => {
    const policy = (method: string, path: string) => (routeFor(method, path) as RoutePolicy).policy;
    expect(policy('POST', '/api/podcasts')).toEqual(['owner', 'admin']);
    expect(policy('PUT', '/api/requests/64b7f0c2a1b2c3d4e5f60718')).toEqual(['admin']);
    expect(policy('POST', '/api/auth/callback/credentials')).toBe('public');
    expect(routeFor('POST', '/api/auth/callback/credentials')?.rateLimit).toBe('sign-in');
  });
});

describe('the outcome of a policy', () => {
  it('is 401 without a session, 403 without a listed value, and allowed otherwise', () => {
    expect(expectedOutcome('public', undefined)).toBe('allowed');
    expect(expectedOutcome('signed-in', undefined)).toBe(401);
    expect(expectedOutcome('signed-in', [])).toBe('allowed');
    expect(expectedOutcome(['owner', 'admin'], undefined)).toBe(401);
    expect(expectedOutcome(['owner', 'admin'], ['user', 'host'])).toBe(403);
    expect(expectedOutcome(['owner', 'admin'], ['user', 'owner'])).toBe('allowed');
  });
});
