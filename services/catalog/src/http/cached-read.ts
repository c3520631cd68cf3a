import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  notModified,
  parseInput,
  type DirectHandler,
  type DirectRequest,
  type InputSchemas,
  type RouteInput,
} from '@podz/kit';
import { etagOf, type RenderedResponse, type ResponseCache } from '../cache/response-cache';

export interface CachedReadOptions<S extends InputSchemas, R> {
  cache: ResponseCache;
  /** False when this caller may see more than the public (a show's manager sees drafts): not cached. */
  shared?: (input: RouteInput<S>) => boolean;
  /** How the result is sent; JSON unless given. */
  render?: (result: R) => Omit<RenderedResponse, 'etag'>;
  /** For shared answers (default: {@link SHARED_FOR_A_SECOND}); private ones are `private, no-cache`. */
  cacheControl?: string;
}

/**
 * Browsers revalidate every time (a 304 is cheap); shared caches such as the gateway's edge cache
 * may answer for one second, so a publish shows everywhere within a second.
 */
export const SHARED_FOR_A_SECOND = 'public, max-age=0, s-maxage=1';

/**
 * The gateway, which hears the cache's purges, may hold a shared answer this long (it caps it at
 * five seconds itself): the views of a page in the seconds after its first cost the catalog nothing.
 */
const SURROGATE_CONTROL = 'max-age=5';

const renderJson = (result: unknown) => ({
  body: JSON.stringify(result),
  type: 'application/json; charset=utf-8',
});

// On Node's own response, so that the route can be answered ahead of Express (kit's DirectRoutes).
function send(
  req: DirectRequest,
  res: ServerResponse,
  response: RenderedResponse,
  cacheControl: string,
  surrogateKey?: string,
): void {
  res.setHeader('cache-control', cacheControl);
  if (surrogateKey) {
    res.setHeader('surrogate-key', surrogateKey);
    res.setHeader('surrogate-control', SURROGATE_CONTROL);
  }
  res.setHeader('etag', response.etag);
  if (response.lastModified) res.setHeader('last-modified', response.lastModified.toUTCString());
  if (notModified(req.headers, response)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-type', response.type);
  res.setHeader('content-length', Buffer.byteLength(response.body));
  if (response.movedTo) {
    res.statusCode = 301;
    res.setHeader('location', response.movedTo);
  }
  res.end(response.body);
}

/** The route and its accepted input: junk parameters the schemas drop do not make new entries. */
function keyOf(req: DirectRequest, input: RouteInput<InputSchemas>): string {
  const route = `${req.baseUrl}${String(req.route?.path ?? req.path)}`;
  const accepted = JSON.stringify([route, input.params ?? null, input.query ?? null]);
  return createHash('sha1').update(accepted).digest('base64url');
}

/**
 * A public GET answered from the shared response cache when it can be: one Redis round trip and
 * no store read on a hit, a 304 when the client already has it. Every answer carries an ETag and
 * Cache-Control. If Redis is unreachable the read goes to the handler, as uncached.
 */
export function cachedRead<S extends InputSchemas, R>(
  schemas: S,
  options: CachedReadOptions<S, R>,
  handler: (input: RouteInput<S>) => Promise<R>,
): DirectHandler {
  const render = options.render ?? renderJson;
  const respond = async (input: RouteInput<S>) => {
    const rendered = render(await handler(input));
    return { ...rendered, etag: etagOf(rendered.body) };
  };
  return async (req, res, next) => {
    try {
      const input = parseInput(schemas, req);
      if (options.shared && !options.shared(input)) {
        send(req, res, await respond(input), 'private, no-cache');
        return;
      }
      const response = await options.cache.through(
        keyOf(req, input),
        () => respond(input),
        (err, message) => req.log?.warn({ err }, message),
      );
      send(req, res, response, options.cacheControl ?? SHARED_FOR_A_SECOND, options.cache.surrogateKey);
    } catch (err) {
      next(err);
    }
  };
}
