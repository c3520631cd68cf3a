import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { clientAddress, TRUSTED_PROXIES } from '@podz/kit';
import type { RoutePolicy } from './route-policies';

/** One API request on its way through the gateway, on Node's own request and response. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path, without the query. */
  path: string;
  /** The client's address: X-Forwarded-For is believed only from a trusted proxy. */
  ip: string;
  /** The policy entry the request matched. */
  route: RoutePolicy;
}

/** One check on the way to a service: true to go on, false once it has answered the request itself. */
export type Step = (exchange: Exchange) => boolean | Promise<boolean>;

// The same proxies Express believes in every process (kit's createHttpApp).
const trusted = proxyaddr.compile(TRUSTED_PROXIES);

export const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0] ?? '/';

export const clientIp = (req: IncomingMessage) =>
  clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']);

/** http or https, as the connection itself is (a TLS socket says `encrypted`). */
export const socketProtocol = (socket: object): 'http' | 'https' =>
  'encrypted' in socket && socket.encrypted ? 'https' : 'http';

/** http or https as the client sent it: X-Forwarded-Proto is believed only from a trusted proxy. */
export function protocolOf(req: IncomingMessage): string {
  const own = socketProtocol(req.socket);
  if (!trusted(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
  return first || own;
}
