import { ROUTE_TABLE, findRoute } from './route-table';

describe('the route table', () => {
  it('matches whole path segments only', () => {
    expect(findRoute('/api/user')?.service).toBe('identity');
    expect(findRoute('/api/users/64b7f0c2a1b2c3d4e5f60718')?.service).toBe('identity');
    expect(findRoute('/api/podcasts/name/some-show')?.service).toBe('catalog');
    expect(findRoute('/api/userss')).toBeUndefined();
    expect(findRoute('/api')).toBeUndefined();
    expect(findRoute('/api/admin/secrets')).toBeUndefined();
  });

  it('routes every call family of spec §7 to its owning service', () => {
    expect(findRoute('/api/auth/session')?.service).toBe('identity');
    expect(findRoute('/api/episodes/podcast-episodes')?.service).toBe('catalog');
    expect(findRoute('/api/requests/single-request')?.service).toBe('requests');
    expect(findRoute('/api/conversations/count')?.service).toBe('messaging');
    expect(findRoute('/socket.io/')?.websocket).toBe(true);
  });

  it('lists each prefix once', () => {
    const prefixes = ROUTE_TABLE.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
