import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import type { ApiError, ServiceName } from '@podz/proto';
import type { Logger } from '@podz/kit';
import { isOwnOrigin } from './origin-check';

/** Headers only the gateway may set; a client sending them could impersonate someone. */
const IDENTITY_HEADERS = ['x-user-id', 'x-user-access', 'x-user-role', 'x-forwarded-user'];

const UPSTREAM_IDLE_MS = 4_000;

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

/**
 * One streaming proxy per service: same path, query, body and headers, minus identity headers.
 * Connections to each service are kept alive and reused: a new TCP connection per request would
 * cost more than the request itself on the hot reads.
 */
export function createProxies(
  upstreams: Record<ServiceName, string>,
  logger: Logger,
  timeoutMs: number,
  onResponse: (upstream: IncomingMessage, req: IncomingMessage) => void = () => undefined,
): Record<ServiceName, ProxyHandler> {
  const entries = (Object.entries(upstreams) as [ServiceName, string][]).map(([service, target]) => {
    const proxy = createProxyMiddleware({
      target,
      // Idle connections are dropped before the service's keep-alive timeout (Node's 5 s), so the
      // gateway never sends a request on a connection the service is closing.
      agent: new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS }),
      ws: service === 'messaging',
      xfwd: true,
      proxyTimeout: timeoutMs,
      on: {
        proxyReq: (proxyReq) => IDENTITY_HEADERS.forEach((header) => proxyReq.removeHeader(header)),
        proxyReqWs: (proxyReq) => IDENTITY_HEADERS.forEach((header) => proxyReq.removeHeader(header)),
        proxyRes: onResponse,
        error: (err, _req, res) => {
          logger.warn({ err: String(err), service }, 'upstream failed');
          unavailable(service, res as ServerResponse | Socket);
        },
      },
    });
    return [service, proxy] as const;
  });
  return Object.fromEntries(entries) as Record<ServiceName, ProxyHandler>;
}

/** WebSocket upgrades are accepted on the Socket.IO path only, and from this site only. */
export function upgradeHandler(proxy: ProxyHandler, prefix: string, publicOrigin: string) {
  return (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://gateway').pathname;
    const origin = req.headers.origin;
    const protocol = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
    const foreign = origin !== undefined && !isOwnOrigin(origin, publicOrigin, protocol, req.headers.host);
    if (!(path === prefix || path.startsWith(`${prefix}/`)) || !proxy.upgrade || foreign) {
      socket.destroy();
      return;
    }
    IDENTITY_HEADERS.forEach((header) => delete req.headers[header]);
    proxy.upgrade(req, socket, head);
  };
}
