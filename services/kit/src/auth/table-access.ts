import type { RequestHandler } from 'express';
import { API_ROUTES, expectedOutcome, matchRoute, type RoutePolicy } from '@podz/proto';
import { forbidden, unauthenticated } from '../errors/app-error';

/**
 * The table in lower case: Express matches routes whatever their case, so a request in another
 * case must find its rule here too, or it would reach the handler unchecked.
 */
const LOWER_CASE_TABLE: readonly RoutePolicy[] = API_ROUTES.map((route) => ({
  ...route,
  path: route.path.toLowerCase(),
}));

/**
 * Who may call what, from proto's one route table (`API_ROUTES`), applied by the service itself:
 * the gateway applies the same table, and the service checks again rather than trust the hop,
 * without writing the roles a second time. Runs after `authenticate`; a path the table does not
 * give this service (health, metrics, another's route) passes untouched. Which shows, messages or
 * users a caller may touch ("self or admin", "the show's team") is the use case's to check.
 */
export function tableAccess(
  service: string,
  table: readonly RoutePolicy[] = LOWER_CASE_TABLE,
): RequestHandler {
  return (req, _res, next) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = (query < 0 ? url : url.slice(0, query)).toLowerCase();
    const match = matchRoute(req.method ?? 'GET', path, table);
    if (!match || !('route' in match) || match.route.service !== service) return next();
    const outcome = expectedOutcome(match.route.policy, req.user?.access);
    if (outcome === 'allowed') return next();
    next(outcome === 401 ? unauthenticated() : forbidden());
  };
}
