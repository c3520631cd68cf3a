import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { RequestHandler, Router } from 'express';
import type { Logger } from '../logging/logger';
import { failRequest, sendApiError } from './error-middleware';
import { runMechanics, type Mechanic } from './run-mechanics';
import type { DirectHandler, DirectRequest, DirectResponse } from './direct-request';

/** A GET route in Express's order: a direct one carries its handler, an Express-only one does not. */
interface Compiled {
  path: string;
  segments: string[];
  handlers?: DirectHandler[];
}

/**
 * The hot public reads, answered on Node's own request and response ahead of Express: Express costs
 * about 0.3 ms of CPU per request on this machine, as much as some of these reads themselves
 * (docs/performance.md, "The floors"). Each route is registered on its Express router too, and a
 * request goes direct only when the first GET route Express would pick for it is a direct one, so
 * the two ways never answer differently: any other form (a trailing slash, other case, a bad
 * escape) goes through Express as before. Direct requests run the same mechanics and `before`
 * handlers (authentication) and fail through the same `answerError`; a GET's body is never read.
 */
export class DirectRoutes {
  private readonly handlers = new Map<string, DirectHandler[]>();
  private order: Compiled[] | undefined;

  /**
   * `handlers` answer GET (and HEAD) on `path`, whose `:name` segments are parameters: in turn,
   * each going on by calling `next`, as Express runs a route's handlers.
   */
  get(router: Router, path: string, ...handlers: DirectHandler[]): void {
    if (this.handlers.has(path)) throw new Error(`direct route ${path} registered twice`);
    this.handlers.set(path, handlers);
    router.get(path, ...(handlers as unknown as RequestHandler[]));
  }

  /**
   * Learns Express's order from the routers as mounted, in that order. A router middleware (a
   * `router.use`) may answer or refuse anything after it, so no route after one goes direct.
   */
  follow(routers: Router[]): void {
    const order: Compiled[] = [];
    let opaque = false;
    for (const router of routers) {
      for (const layer of router.stack as { route?: { path: unknown; methods: Record<string, boolean> } }[]) {
        const route = layer.route;
        if (!route) {
          opaque = true;
          continue;
        }
        if (!route.methods.get || typeof route.path !== 'string') continue;
        const handlers = opaque ? undefined : this.handlers.get(route.path);
        order.push({ path: route.path, segments: route.path.split('/'), handlers });
      }
    }
    this.order = order;
  }

  /** The direct route for this request, with its parameters, or undefined to leave it to Express. */
  match(method: string | undefined, path: string) {
    if ((method !== 'GET' && method !== 'HEAD') || !this.order) return undefined;
    const segments = path.split('/');
    for (const route of this.order) {
      const params = paramsOf(route.segments, segments);
      if (params === undefined) continue;
      return route.handlers ? { route: route.path, handlers: route.handlers, params } : undefined;
    }
    return undefined;
  }
}

/** `path`'s parameters under `pattern`, or undefined when it does not match (or escapes badly). */
function paramsOf(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, expected] of pattern.entries()) {
    const got = segments[i] ?? '';
    if (expected.startsWith(':')) {
      if (got === '') return undefined;
      try {
        params[expected.slice(1)] = decodeURIComponent(got);
      } catch {
        return undefined;
      }
    } else if (expected !== got) return undefined;
  }
  return params;
}

/**
 * The server's first listener: answers a direct route's request, or says it did not (false) so
 * that Express takes it.
 */
export function directLane(
  routes: DirectRoutes,
  handlers: RequestHandler[],
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Express's types name Express's request; these handlers read only what Node's has.
  const mechanics = handlers as unknown as Mechanic[];
  return (req, res) => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const found = routes.match(req.method, path);
    if (!found) return false;
    const direct = req as DirectRequest;
    direct.path = path;
    direct.baseUrl = '';
    direct.route = { path: found.route };
    direct.params = found.params;
    // Express's "simple" query parser is Node's querystring.
    direct.query = mark < 0 ? {} : { ...parseQuery(url.slice(mark + 1)) };
    (res as DirectResponse).locals = {};
    // The route's handlers run as the last mechanics, with the same handling of next, throws and
    // rejections; if every one goes on without answering, what Express's last handler says.
    const steps = [...mechanics, ...(found.handlers as unknown as Mechanic[])];
    runMechanics(steps, req, res, (err) => {
      if (err === undefined && !res.headersSent)
        sendApiError(res, 'NOT_FOUND', `No route for ${req.method ?? 'GET'} ${path}`);
      else if (err !== undefined) failRequest(err, req, res, logger);
    });
    return true;
  };
}
