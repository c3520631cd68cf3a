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
 * Looks every /api request up in the policy table. Unlisted paths are 404 and listed paths with
 * another method 405, answered here: nothing unlisted ever reaches a service.
 */
export const apiRouting: RequestHandler = (req, res, next) => {
  if (!API.test(req.path)) {
    next();
    return;
  }
  const match = matchRoute(req.method, req.path);
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
