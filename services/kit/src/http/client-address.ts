import proxyaddr from 'proxy-addr';
import { TRUSTED_PROXIES } from './create-app';

const trusted = proxyaddr.compile(TRUSTED_PROXIES);

/**
 * The client's address, as Express's `req.ip` works it out: the socket's peer, then
 * X-Forwarded-For believed hop by hop while the hop is a trusted proxy. Takes the two raw values
 * so that a caller can read them while the request is there and resolve them later, off its path.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
  // proxy-addr reads nothing of a request but these two.
  const request = {
    socket: { remoteAddress: peer },
    headers: { 'x-forwarded-for': Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor },
  };
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trusted);
}
