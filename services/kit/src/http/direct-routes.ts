import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { RequestHandler, Router } from 'express';
import type { Logger } from '../logging/logger';
import { failRequest, sendApiError } from './error-middleware';
import { runMechanics, type Mechanic } from './run-mechanics';
import type { DirectHandler, DirectRequest, DirectResponse } from './direct-request';

/** The methods the direct lane answers: the reads, and the hot writes whose bodies are small JSON. */
type DirectMethod = 'GET' | 'PUT' | 'POST';
const METHODS: readonly DirectMethod[] = ['GET', 'PUT', 'POST'];

/** A route in Express's order: a direct one carries its handlers, an Express-only one does not. */
interface Compiled {
  path: string;
  segments: string[];
  handlers?: DirectHandler[];
}

/**
 * The hot routes, answered on Node's own request and response ahead of Express: Express costs
 * about 0.3 ms of CPU per request on this machine, as much as some of these reads themselves
 * (docs/performance.md, "The floors"), and the objects it makes for each request outlive two
 * young-generation collections, so a busy Express process spends milliseconds copying them and
 * collects its old generation every few seconds; the direct lane leaves nearly nothing behind. Each
 * route is registered on its Express router too, and a request goes direct only when the first
 * route Express would pick for its method and path is a direct one, so the two ways never answer
 * differently: any other form (a trailing slash, other case, a bad escape) goes through Express as
 * before. Direct requests run the same mechanics, body parsing and `before` handlers
 * (authentication) and fail through the same `answerError`; a GET's body is never read.
 */
export class DirectRoutes {
  private readonly handlers = new Map<string, DirectHandler[]>();
  private order: Map<DirectMethod, Compiled[]> | undefined;

  /**
   * `handlers` answer GET (and HEAD) on `path`, whose `:name` segments are parameters: in turn,
   * each going on by calling `next`, as Express runs a route's handlers.
   */
  get(router: Router, path: string, ...handlers: DirectHandler[]): void {
    this.add('GET', path, handlers);
    router.get(path, ...(handlers as unknown as RequestHandler[]));
  }

  /** `handlers` answer PUT on `path`, once its JSON body is read and checked as Express's app does. */
  put(router: Router, path: string, ...handlers: DirectHandler[]): void {
    this.add('PUT', path, handlers);
    router.put(path, ...(handlers as unknown as RequestHandler[]));
  }

  /** `handlers` answer POST on `path`, once its JSON body is read and checked as Express's app does. */
  post(router: Router, path: string, ...handlers: DirectHandler[]): void {
    this.add('POST', path, handlers);
    router.post(path, ...(handlers as unknown as RequestHandler[]));
  }

  private add(method: DirectMethod, path: string, handlers: DirectHandler[]): void {
    const key = `${method} ${path}`;
    if (this.handlers.has(key)) throw new Error(`direct route ${key} registered twice`);
    this.handlers.set(key, handlers);
  }

  /**
   * Learns Express's order from the routers as mounted, in that order, for each method. A router
   * middleware (a `router.use`) may answer or refuse anything after it, so no route after one goes
   * direct; a route for every method (`router.all`) takes its path from the direct lane alike.
   */
  follow(routers: Router[]): void {
    const order = new Map<DirectMethod, Compiled[]>(METHODS.map((method) => [method, []]));
    let opaque = false;
    for (const router of routers) {
      for (const layer of router.stack as { route?: { path: unknown; methods: Record<string, boolean> } }[]) {
        const route = layer.route;
        if (!route) {
          opaque = true;
          continue;
        }
        if (typeof route.path !== 'string') continue;
        const segments = route.path.split('/');
        const all = route.methods._all === true;
        for (const method of METHODS) {
          if (!all && !route.methods[method.toLowerCase()]) continue;
          const handlers = opaque || all ? undefined : this.handlers.get(`${method} ${route.path}`);
          order.get(method)?.push({ path: route.path, segments, handlers });
        }
      }
    }
    this.order = order;
  }

  /** The direct route for this request, with its parameters, or undefined to leave it to Express. */
  match(method: string | undefined, path: string) {
    const lane = method === 'HEAD' ? 'GET' : method;
    const routes = this.order?.get(lane as DirectMethod);
    if (!routes) return undefined;
    const segments = path.split('/');
    for (const route of routes) {
      const params = paramsOf(route.segments, segments);
      if (params === undefined) continue;
      return route.handlers
        ? { route: route.path, handlers: route.handlers, params, withBody: lane !== 'GET' }
        : undefined;
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

/** What a direct request passes before its route's handlers, in Express's app's order. */
export interface DirectLaneSteps {
  /** Every request's first handlers (kit's request mechanics). */
  mechanics: RequestHandler[];
  /** A write's body read and checked (`jsonBodies`); a GET's body is never read. */
  bodies: RequestHandler[];
  /** The app's handlers before its routes (authentication, the route table). */
  before: RequestHandler[];
}

/**
 * The server's first listener: answers a direct route's request, or says it did not (false) so
 * that Express takes it.
 */
export function directLane(
  routes: DirectRoutes,
  steps: DirectLaneSteps,
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Express's types name Express's request; these handlers read only what Node's has.
  const reads = [...steps.mechanics, ...steps.before] as unknown as Mechanic[];
  const writes = [...steps.mechanics, ...steps.bodies, ...steps.before] as unknown as Mechanic[];
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
    const chain = [...(found.withBody ? writes : reads), ...(found.handlers as unknown as Mechanic[])];
    runMechanics(chain, req, res, (err) => {
      if (err === undefined && !res.headersSent)
        sendApiError(res, 'NOT_FOUND', `No route for ${req.method ?? 'GET'} ${path}`);
      else if (err !== undefined) failRequest(err, req, res, logger);
    });
    return true;
  };
}
