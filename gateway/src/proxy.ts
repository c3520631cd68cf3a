import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import type { ApiError, ServiceName } from '@podz/proto';
import type { Logger } from '@podz/kit';
import { findRoute, type ProxyRoute } from './route-table';

/** Headers only the gateway may set; a client sending them could impersonate someone. */
const IDENTITY_HEADERS = ['x-user-id', 'x-user-access', 'x-user-role', 'x-forwarded-user'];

export interface Proxies {
  middleware: RequestHandler;
  upgrade: (req: IncomingMessage, socket: Socket, head: Buffer) => void;
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

/** One proxy per service, chosen per request from the route table; unknown paths pass to the 404. */
export function createProxies(
  upstreams: Record<ServiceName, string>,
  table: readonly ProxyRoute[],
  logger: Logger,
  timeoutMs: number,
): Proxies {
  const proxies = new Map<ServiceName, ProxyHandler>();
  for (const service of new Set(table.map((route) => route.service))) {
    proxies.set(
      service,
      createProxyMiddleware({
        target: upstreams[service],
        ws: table.some((route) => route.service === service && route.websocket),
        xfwd: true,
        proxyTimeout: timeoutMs,
        on: {
          proxyReq: (proxyReq) => IDENTITY_HEADERS.forEach((header) => proxyReq.removeHeader(header)),
          error: (err, _req, res) => {
            logger.warn({ err: String(err), service }, 'upstream failed');
            unavailable(service, res as ServerResponse | Socket);
          },
        },
      }),
    );
  }

  return {
    middleware: (req, res, next) => {
      const route = findRoute(req.path, table);
      const proxy = route && proxies.get(route.service);
      if (!proxy) {
        next();
        return;
      }
      void proxy(req, res, next);
    },
    upgrade: (req, socket, head) => {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname;
      const route = findRoute(path, table);
      const proxy = route?.websocket ? proxies.get(route.service) : undefined;
      if (!proxy?.upgrade) {
        socket.destroy();
        return;
      }
      proxy.upgrade(req, socket, head);
    },
  };
}
