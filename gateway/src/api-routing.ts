import type { ServerResponse } from 'node:http';
import { sendApiError } from '@podz/kit';
import { matchRoute, SOCKET_IO, type RouteMatch } from './route-policies';

const API = /^\/api(\/|$)/;

export const isSocketIo = (path: string) =>
  path === SOCKET_IO.prefix || path.startsWith(`${SOCKET_IO.prefix}/`);

/**
 * Where a request goes, looked up once in the policy table: Socket.IO; under /api its route, or
 * the refusal `refuseUnrouted` answers (nothing unlisted ever reaches a service); outside /api a
 * listed route (media, feeds), or else the web app.
 */
export function destinationOf(method: string, path: string): RouteMatch | 'socket.io' | 'web app' {
  if (isSocketIo(path)) return 'socket.io';
  const match = matchRoute(method, path);
  return API.test(path) || (match !== undefined && 'route' in match) ? match : 'web app';
}

/** Under /api: an unlisted path is 404, a listed path with another method 405. */
export function refuseUnrouted(
  res: ServerResponse,
  method: string,
  path: string,
  match: Exclude<RouteMatch, { route: unknown }>,
): void {
  if (!match) {
    sendApiError(res, 'NOT_FOUND', `No route for ${method} ${path}`);
    return;
  }
  res.setHeader('allow', match.allowed.join(', '));
  sendApiError(res, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
}
