import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
  type RequestHandler as ProxyHandler,
} from 'http-proxy-middleware';
import type { ApiError, ServiceName } from '@podz/proto';
import { UpstreamPool, type Logger } from '@podz/kit';
import { socketProtocol } from './exchange';
import { forwardRequest, targetOf, type ForwardTarget } from './forward';
import { isOwnOrigin } from './origin-check';

/** Headers only the gateway may set; a client sending them could impersonate someone. */
const IDENTITY_HEADERS = ['x-user-id', 'x-user-access', 'x-user-role', 'x-forwarded-user'];

const UPSTREAM_IDLE_MS = 4_000;

/** Asking again cannot do anything twice, so a failed attempt is worth one on another instance. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Failures of the instance, not of the request: refused, reset, silent, or cut off before answering. */
const INSTANCE_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ETIMEDOUT',
]);

/**
 * Socket.IO's long-polling fallback keeps its session on the instance that opened it, so each
 * browser stays with one messaging instance (its position in the list, the same in every gateway).
 * WebSockets need no affinity: the Redis adapter carries rooms across instances.
 */
export const AFFINITY_COOKIE = 'podz_io';

export type Forward = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServiceProxy {
  forward: Forward;
  /** Socket.IO's requests: with affinity when the service runs as several instances. */
  forwardSticky: Forward;
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
}

function unavailable(service: ServiceName, res: ServerResponse | Socket): void {
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: ApiError = { error: `The ${service} service is unavailable`, code: 'UPSTREAM_UNAVAILABLE' };
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const AFFINITY = new RegExp(`(?:^|;\\s*)${AFFINITY_COOKIE}=(\\d{1,3})(?:;|$)`);

function affinityOf(req: IncomingMessage): number | undefined {
  const match = AFFINITY.exec(req.headers.cookie ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * One service behind the gateway: its instances taken in turn, each with its own pool of kept-alive
 * connections (a new TCP connection per request would cost more than the request itself on the hot
 * reads). Same path, query, body and headers, minus identity headers (forward.ts). An idempotent
 * request whose instance failed before answering is sent to another instance; anything else gets
 * a 502. WebSocket upgrades, once per socket rather than per request, go through http-proxy.
 */
function serviceProxy(
  service: ServiceName,
  targets: readonly string[],
  logger: Logger,
  timeoutMs: number,
  onResponse: (upstream: IncomingMessage, req: IncomingMessage) => void,
): ServiceProxy {
  const pool = new UpstreamPool(targets);
  const tried = new WeakMap<IncomingMessage, Set<string>>();
  const instances = new Map<string, { target: ForwardTarget; sockets: ProxyHandler }>();

  const instance = (target: string) => {
    const found = instances.get(target);
    if (!found) throw new Error(`no proxy for ${target}`);
    return found;
  };
  const failed = (
    target: string,
    err: Error & { code?: string },
    req: IncomingMessage,
    res: ServerResponse | Socket,
  ) => {
    const instanceFailed = err.code !== undefined && INSTANCE_FAILURES.has(err.code);
    if (instanceFailed) pool.failed(target);
    const again =
      instanceFailed && 'writeHead' in res && !res.headersSent && IDEMPOTENT.has(req.method ?? '');
    const next = again ? pool.another(tried.get(req) ?? new Set()) : undefined;
    logger.warn({ err: String(err), service, retried: next !== undefined }, 'upstream failed');
    if (next !== undefined) send(req, res as ServerResponse, next);
    else unavailable(service, res);
  };
  const send = (req: IncomingMessage, res: ServerResponse, target: string) => {
    const attempts = tried.get(req) ?? new Set<string>();
    attempts.add(target);
    tried.set(req, attempts);
    forwardRequest(instance(target).target, req, res, {
      onResponse,
      onError: (err) => failed(target, err, req, res),
    });
  };
  for (const target of targets) {
    // Idle connections are dropped before the service's keep-alive timeout (Node's 5 s), so the
    // gateway never sends a request on a connection the service is closing.
    const agent = new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS });
    const sockets = createProxyMiddleware({
      target,
      agent,
      xfwd: true,
      proxyTimeout: timeoutMs,
      // The default plugins less the logger (the access log and metrics see every socket already):
      // the socket error guards, and the `on` handlers below.
      ejectPlugins: true,
      plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
      on: {
        proxyReqWs: (proxyReq) => IDENTITY_HEADERS.forEach((header) => proxyReq.removeHeader(header)),
        error: (err, req, res) => failed(target, err, req, res as ServerResponse | Socket),
      },
    });
    instances.set(target, { target: targetOf(target, agent, timeoutMs, IDENTITY_HEADERS), sockets });
  }

  const forward: Forward = (req, res) => send(req, res, pool.pick());
  const forwardSticky: Forward = (req, res) => {
    if (targets.length === 1) return forward(req, res);
    const kept = affinityOf(req);
    const target = (kept !== undefined && pool.at(kept)) || pool.pick();
    const index = pool.indexOf(target);
    if (index !== kept)
      res.setHeader('set-cookie', `${AFFINITY_COOKIE}=${index}; Path=/socket.io; HttpOnly; SameSite=Lax`);
    send(req, res, target);
  };
  const upgrade = (req: IncomingMessage, socket: Socket, head: Buffer) => {
    instance(pool.pick()).sockets.upgrade?.(req, socket, head);
  };
  return { forward, forwardSticky, upgrade };
}

export function createProxies(
  upstreams: Record<ServiceName, readonly string[]>,
  logger: Logger,
  timeoutMs: number,
  onResponse: (upstream: IncomingMessage, req: IncomingMessage) => void = () => undefined,
): Record<ServiceName, ServiceProxy> {
  const entries = (Object.entries(upstreams) as [ServiceName, string[]][]).map(
    ([service, targets]) => [service, serviceProxy(service, targets, logger, timeoutMs, onResponse)] as const,
  );
  return Object.fromEntries(entries) as Record<ServiceName, ServiceProxy>;
}

/** WebSocket upgrades are accepted on the Socket.IO path only, and from this site only. */
export function upgradeHandler(proxy: ServiceProxy, prefix: string, publicOrigin: string) {
  return (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://gateway').pathname;
    const origin = req.headers.origin;
    const protocol = socketProtocol(socket);
    const foreign = origin !== undefined && !isOwnOrigin(origin, publicOrigin, protocol, req.headers.host);
    if (!(path === prefix || path.startsWith(`${prefix}/`)) || foreign) {
      socket.destroy();
      return;
    }
    IDENTITY_HEADERS.forEach((header) => delete req.headers[header]);
    proxy.upgrade(req, socket, head);
  };
}
