import type { Request, RequestHandler } from 'express';
import { sendApiError } from './api-error';
import { matchRoute, SOCKET_IO, type RoutePolicy } from './route-policies';

const API = /^\/api(\/|$)/;

/** The policy entry `apiRouting` found for this request. */
export const routeOf = (req: Request): RoutePolicy | undefined =>
  req.res?.locals.route as RoutePolicy | undefined;

export const isSocketIo = (path: string) =>
  path === SOCKET_IO.prefix || path.startsWith(`${SOCKET_IO.prefix}/`);

/**
 * Looks every request up in the policy table. Under /api, unlisted paths are 404 and listed paths
 * with another method 405, answered here: nothing unlisted ever reaches a service.
 */
export const apiRouting: RequestHandler = (req, res, next) => {
  const match = matchRoute(req.method, req.path);
  if (!API.test(req.path)) {
    // Media and feeds live outside /api; anything else there is the web app's.
    if (match && 'route' in match) res.locals.route = match.route;
    next();
    return;
  }
  if (!match) {
    sendApiError(res, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
    return;
  }
  if ('allowed' in match) {
    res.setHeader('allow', match.allowed.join(', '));
    sendApiError(res, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    return;
  }
  res.locals.route = match.route;
  next();
};
