import type { Access } from './access-values';
import { API_ROUTES, type HttpMethod, type Policy, type RoutePolicy } from './routes';

// Matching a request to the route table, for the gateway (which lets only listed routes through)
// and for every service (which applies the same access rules again, from the same table).

const segments = (path: string) => path.split('/').filter(Boolean);

interface CompiledRoute {
  entry: RoutePolicy;
  parts: (string | null)[];
  /** 1 for a literal segment, 0 for a parameter: literal segments beat parameters. */
  specificity: number[];
}

/** The table split into segments once, grouped by how many segments a path must have. */
function compile(table: readonly RoutePolicy[]): Map<number, CompiledRoute[]> {
  const byLength = new Map<number, CompiledRoute[]>();
  for (const entry of table) {
    const parts = segments(entry.path).map((part) => (part.startsWith(':') ? null : part));
    const compiled = { entry, parts, specificity: parts.map((part) => (part === null ? 0 : 1)) };
    byLength.set(parts.length, [...(byLength.get(parts.length) ?? []), compiled]);
  }
  return byLength;
}

const compiledTables = new WeakMap<readonly RoutePolicy[], Map<number, CompiledRoute[]>>();

/** So `/api/users/user-count` never reads as `/api/users/:id`. */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < a.specificity.length; i += 1) {
    const difference = (b.specificity[i] ?? 0) - (a.specificity[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export type RouteMatch = { route: RoutePolicy } | { allowed: HttpMethod[] } | undefined;

/** The route for a request; or, for a known path with another method, the methods it allows. */
export function matchRoute(
  method: string,
  path: string,
  table: readonly RoutePolicy[] = API_ROUTES,
): RouteMatch {
  let compiled = compiledTables.get(table);
  if (!compiled) compiledTables.set(table, (compiled = compile(table)));
  const got = segments(path);
  const candidates = (compiled.get(got.length) ?? [])
    .filter((route) => route.parts.every((part, i) => part === null || part === got[i]))
    .sort(moreSpecific);
  const [first] = candidates;
  if (!first) return undefined;
  const best = candidates.filter((route) => moreSpecific(route, first) === 0).map((c) => c.entry);
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
