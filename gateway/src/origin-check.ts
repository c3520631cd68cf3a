import { SESSION_COOKIE } from '@podz/proto';
import { parse } from 'cookie';
import { sendApiError } from '@podz/kit';
import { protocolOf, type Step } from './exchange';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The configured public origin, or the host the request was sent to. */
export function isOwnOrigin(
  origin: string,
  publicOrigin: string,
  protocol: string,
  host: string | undefined,
) {
  return origin === new URL(publicOrigin).origin || origin === `${protocol}://${host ?? ''}`;
}

/**
 * CSRF defence in depth on top of SameSite=Lax: an unsafe request that carries the session cookie
 * must say it comes from this site, and no unsafe request may come from another site at all.
 * Same-origin means the configured public origin, or the host the request was sent to.
 */
export function originCheck(publicOrigin: string): Step {
  return ({ req, res }) => {
    if (SAFE_METHODS.has(req.method ?? 'GET')) return true;
    const origin = req.headers.origin;
    const withCookie = parse(req.headers.cookie ?? '')[SESSION_COOKIE] !== undefined;
    if (origin ? !isOwnOrigin(origin, publicOrigin, protocolOf(req), req.headers.host) : withCookie) {
      sendApiError(res, 'FORBIDDEN', 'Cross-site request refused: the Origin header must be this site');
      return false;
    }
    return true;
  };
}
