import { sendApiError } from './api-error';
import type { Step } from './exchange';
import { matchRoute, SOCKET_IO } from './route-policies';

const API = /^\/api(\/|$)/;

export const isSocketIo = (path: string) =>
  path === SOCKET_IO.prefix || path.startsWith(`${SOCKET_IO.prefix}/`);

/**
 * Whether a request takes the API path: everything under /api (answered there even when unlisted),
 * Socket.IO, and the listed routes outside /api (media and feeds). The rest is the web app's.
 */
export function isApiRequest(method: string | undefined, path: string): boolean {
  if (API.test(path) || isSocketIo(path)) return true;
  const match = matchRoute(method ?? 'GET', path);
  return match !== undefined && 'route' in match;
}

/**
 * Looks every request up in the policy table. Under /api, unlisted paths are 404 and listed paths
 * with another method 405, answered here: nothing unlisted ever reaches a service.
 */
export const routeApi: Step = (exchange) => {
  const { req, res, path } = exchange;
  const method = req.method ?? 'GET';
  const match = matchRoute(method, path);
  if (!match) {
    sendApiError(res, 'NOT_FOUND', `No route for ${method} ${path}`);
    return false;
  }
  if ('allowed' in match) {
    res.setHeader('allow', match.allowed.join(', '));
    sendApiError(res, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
    return false;
  }
  exchange.route = match.route;
  return true;
};
