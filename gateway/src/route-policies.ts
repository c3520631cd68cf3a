import {
  API_ROUTES,
  type Access,
  type HttpMethod,
  type Policy,
  type RoutePolicy,
  type ServiceName,
} from '@podz/proto';

export type { HttpMethod, Policy, RateBucket, RoutePolicy } from '@podz/proto';

/** The route table lives in proto (spec §7 and who may call what), so docs can list it too. */
export const ROUTE_POLICIES: readonly RoutePolicy[] = API_ROUTES;

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
