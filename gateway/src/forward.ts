import {
  request,
  type Agent,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { socketProtocol } from './exchange';

/** About one connection, not the message (RFC 9110 §7.6.1): never copied from an answer to the client. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Where one instance listens. */
export interface ForwardTarget {
  hostname: string;
  port: number;
  agent: Agent;
  timeoutMs: number;
  /** Request headers the gateway drops (only it may set them). */
  dropped: readonly string[];
}

export interface ForwardHooks {
  /** The instance's answer, before its headers are copied: a hook may take headers off it. */
  onResponse(upstream: IncomingMessage, req: IncomingMessage): void;
  /** The instance failed before answering (refused, reset, timed out), while the client still waits. */
  onError(err: Error & { code?: string }): void;
}

export function targetOf(
  url: string,
  agent: Agent,
  timeoutMs: number,
  dropped: readonly string[],
): ForwardTarget {
  const { hostname, port } = new URL(url);
  return { hostname, port: Number(port || 80), agent, timeoutMs, dropped };
}

/**
 * The request's headers as the instance gets them: less the ones only the gateway may set and the
 * connection's own, plus who asked (`X-Forwarded-*`, appended to what a proxy before us said).
 */
function upstreamHeaders(req: IncomingMessage, dropped: readonly string[]): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...req.headers };
  for (const name of dropped) delete headers[name];
  delete headers.connection;
  delete headers['keep-alive'];
  delete headers['proxy-connection'];
  const proto = socketProtocol(req.socket);
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? (proto === 'https' ? '443' : '80');
  const seen = { for: req.socket.remoteAddress ?? '', port, proto };
  for (const [part, value] of Object.entries(seen)) {
    const name = `x-forwarded-${part}`;
    const before = req.headers[name];
    headers[name] = before ? `${String(before)},${value}` : value;
  }
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  // A DELETE or OPTIONS that says nothing of a body has none (some servers wait for one otherwise).
  if ((req.method === 'DELETE' || req.method === 'OPTIONS') && req.headers['content-length'] === undefined) {
    headers['content-length'] = '0';
    delete headers['transfer-encoding'];
  }
  return headers;
}

/**
 * Sends one request to one instance over its pool of kept-alive connections and streams the
 * answer back: the same method, path, query, body and headers. A client that goes away cancels
 * the request; an answer cut off half-way cuts the client's off too, so nothing reads as whole.
 */
export function forwardRequest(
  target: ForwardTarget,
  req: IncomingMessage,
  res: ServerResponse,
  hooks: ForwardHooks,
): void {
  const upstream = request({
    hostname: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: upstreamHeaders(req, target.dropped),
    agent: target.agent,
  });
  // The hooks hear of one outcome: the answer, or the first failure before it.
  let responded = false;
  let reported = false;
  const clientGone = () => res.destroyed || req.socket.destroyed;
  upstream.setTimeout(target.timeoutMs, () =>
    upstream.destroy(
      Object.assign(new Error(`no answer within ${target.timeoutMs} ms`), { code: 'ETIMEDOUT' }),
    ),
  );
  const failed = (err: Error & { code?: string }) => {
    upstream.destroy();
    if (responded) res.destroy();
    if (responded || reported || clientGone()) return;
    reported = true;
    hooks.onError(err);
  };
  upstream.on('error', failed);
  req.on('error', failed);
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on('response', (answer) => {
    responded = true;
    hooks.onResponse(answer, req);
    answer.on('error', () => res.destroy());
    if (res.headersSent) {
      answer.resume();
      return;
    }
    res.statusCode = answer.statusCode ?? 502;
    if (answer.statusMessage) res.statusMessage = answer.statusMessage;
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    answer.pipe(res);
  });
  req.pipe(upstream);
}
