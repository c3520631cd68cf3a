import type { Access, ServiceName } from '@podz/proto';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, anyone signed in, or holders of one of the listed access values. */
export type Policy = 'public' | 'signed-in' | readonly Access[];

/** Routes with a tighter per-IP limit than the global one. */
export type RateBucket = 'sign-in' | 'register' | 'client-log';

export interface RoutePolicy {
  method: HttpMethod;
  /** `:name` matches exactly one non-empty path segment. */
  path: string;
  service: ServiceName;
  policy: Policy;
  rateLimit?: RateBucket;
}

const route = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  policy: Policy,
  rateLimit?: RateBucket,
): RoutePolicy => ({ method, path, service, policy, ...(rateLimit ? { rateLimit } : {}) });

const OWNERS: readonly Access[] = ['owner', 'admin'];
const ADMINS: readonly Access[] = ['admin'];

/**
 * Everything the gateway lets through to a service (spec §7), with who may call it. Under `/api`
 * the gateway is an allowlist: a path not listed is 404 and a listed path with another method is
 * 405, without reaching any service. Outside `/api`, listed paths (media, feeds) go to their
 * service and everything else to the web app. Services check the same rules again, plus
 * ownership ("self or admin").
 */
export const ROUTE_POLICIES: readonly RoutePolicy[] = [
  // identity: sessions in NextAuth v4 shapes, registration
  route('GET', '/api/auth/csrf', 'identity', 'public'),
  route('GET', '/api/auth/providers', 'identity', 'public'),
  route('GET', '/api/auth/session', 'identity', 'public'),
  route('POST', '/api/auth/session', 'identity', 'public'),
  route('POST', '/api/auth/callback/credentials', 'identity', 'public', 'sign-in'),
  route('POST', '/api/auth/signout', 'identity', 'public'),
  route('POST', '/api/auth/_log', 'identity', 'public', 'client-log'),
  route('GET', '/api/auth/signin', 'identity', 'public'),
  route('GET', '/api/auth/error', 'identity', 'public'),
  route('POST', '/api/auth/register', 'identity', 'public', 'register'),
  // identity: users
  route('GET', '/api/user', 'identity', 'signed-in'),
  route('DELETE', '/api/user/sessions', 'identity', 'signed-in'),
  route('GET', '/api/users', 'identity', 'public'),
  route('GET', '/api/users/user-count', 'identity', 'public'),
  route('POST', '/api/users/admin-added-user', 'identity', ADMINS),
  route('PUT', '/api/users/admin-added-user', 'identity', ADMINS),
  route('GET', '/api/users/:id', 'identity', 'public'),
  route('PATCH', '/api/users/:id', 'identity', 'signed-in'),
  route('PATCH', '/api/users/:id/plan', 'identity', 'signed-in'),
  route('PUT', '/api/users/:id', 'identity', ADMINS),
  route('DELETE', '/api/users/:id', 'identity', 'signed-in'),
  // catalog: podcasts
  route('GET', '/api/podcasts', 'catalog', 'signed-in'),
  route('POST', '/api/podcasts', 'catalog', OWNERS),
  route('GET', '/api/podcasts/public', 'catalog', 'public'),
  route('GET', '/api/podcasts/public/host-podcasts', 'catalog', 'public'),
  route('GET', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('PUT', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('PATCH', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/all-podcasts', 'catalog', 'public'),
  route('POST', '/api/podcasts/all-podcasts', 'catalog', ADMINS),
  route('POST', '/api/podcasts/rss-link', 'catalog', OWNERS),
  route('GET', '/api/podcasts/followed', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/followed/:id', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/name/:name', 'catalog', 'public'),
  route('GET', '/api/podcasts/:id', 'catalog', 'public'),
  route('PUT', '/api/podcasts/:id', 'catalog', 'signed-in'),
  route('DELETE', '/api/podcasts/:id', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/:id/follow', 'catalog', 'signed-in'),
  route('PATCH', '/api/podcasts/:id/follow', 'catalog', 'signed-in'),
  // catalog: episodes
  route('GET', '/api/episodes', 'catalog', 'public'),
  route('GET', '/api/episodes/public/guest-podcasts', 'catalog', 'public'),
  route('GET', '/api/episodes/podcast-episodes', 'catalog', 'public'),
  route('GET', '/api/episodes/:id', 'catalog', 'public'),
  route('PUT', '/api/episodes/:id', 'catalog', 'signed-in'),
  route('DELETE', '/api/episodes/:id', 'catalog', 'signed-in'),
  route('GET', '/api/episodes/:id/prevEpisodes', 'catalog', 'public'),
  route('GET', '/api/episodes/:id/guests', 'catalog', 'public'),
  route('POST', '/api/episodes', 'catalog', OWNERS),
  // catalog: uploads, and what they become on the site
  route('POST', '/api/media/audio', 'catalog', OWNERS),
  route('POST', '/api/media/images', 'catalog', 'signed-in'),
  route('GET', '/media/audio/:file', 'catalog', 'public'),
  route('GET', '/media/images/:file', 'catalog', 'public'),
  route('GET', '/shows/:uId/feed.xml', 'catalog', 'public'),
  // requests
  route('GET', '/api/requests', 'requests', ADMINS),
  route('POST', '/api/requests', 'requests', 'signed-in'),
  route('GET', '/api/requests/single-request', 'requests', 'signed-in'),
  route('POST', '/api/requests/single-request', 'requests', 'signed-in'),
  route('GET', '/api/requests/user', 'requests', 'signed-in'),
  route('PUT', '/api/requests/user', 'requests', 'signed-in'),
  route('PUT', '/api/requests/:id', 'requests', ADMINS),
  route('DELETE', '/api/requests/:id', 'requests', 'signed-in'),
  // messaging
  route('GET', '/api/conversations', 'messaging', 'signed-in'),
  route('POST', '/api/conversations', 'messaging', 'signed-in'),
  route('GET', '/api/conversations/count', 'messaging', 'signed-in'),
  route('POST', '/api/conversations/admin', 'messaging', ADMINS),
  route('POST', '/api/conversations/:id', 'messaging', 'signed-in'),
  route('PUT', '/api/conversations/:id', 'messaging', 'signed-in'),
];

/** Socket.IO (polling and WebSocket) goes to messaging, which authenticates its own handshake. */
export const SOCKET_IO = { prefix: '/socket.io', service: 'messaging' as ServiceName };

const segments = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const got = segments(path);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** Literal segments beat parameters, so `/api/users/user-count` never reads as `/api/users/:id`. */
const specificity = (pattern: string) => segments(pattern).map((part) => (part.startsWith(':') ? 0 : 1));

function moreSpecific(a: RoutePolicy, b: RoutePolicy): number {
  const [left, right] = [specificity(a.path), specificity(b.path)];
  for (let i = 0; i < left.length; i += 1) if (left[i] !== right[i]) return right[i]! - left[i]!;
  return 0;
}

export type RouteMatch = { route: RoutePolicy } | { allowed: HttpMethod[] } | undefined;

/** The route for a request; or, for a known path with another method, the methods it allows. */
export function matchRoute(
  method: string,
  path: string,
  table: readonly RoutePolicy[] = ROUTE_POLICIES,
): RouteMatch {
  const candidates = table.filter((entry) => matches(entry.path, path)).sort(moreSpecific);
  if (candidates.length === 0) return undefined;
  const best = candidates.filter((entry) => moreSpecific(entry, candidates[0]!) === 0);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const route = best.find((entry) => entry.method === wanted);
  return route ? { route } : { allowed: [...new Set(best.map((entry) => entry.method))] };
}

/** What the policy says about a caller holding `access` (undefined: not signed in). */
export function expectedOutcome(
  policy: Policy,
  access: readonly Access[] | undefined,
): 'allowed' | 401 | 403 {
  if (policy === 'public') return 'allowed';
  if (!access) return 401;
  if (policy === 'signed-in') return 'allowed';
  return policy.some((value) => access.includes(value)) ? 'allowed' : 403;
}
