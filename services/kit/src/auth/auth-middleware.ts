import type { RequestHandler } from 'express';
import { hasAnyAccess, type Access } from '@podz/proto';
import { forbidden, unauthenticated } from '../errors/app-error';
import type { SessionRevocations } from './session-revocations';
import { verifySessionToken } from './session-token';

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/;

/**
 * Zero trust: every service verifies the token the gateway forwarded, again. A request with a bad
 * token is refused outright rather than treated as anonymous, so a forged token never degrades into
 * a public read that looks like it worked.
 */
export function authenticate(publicKey: string, revocations?: SessionRevocations): RequestHandler {
  return (req, _res, next) => {
    // Node's header, not Express's `req.get`: direct routes run this without Express.
    const header = req.headers.authorization;
    if (!header) {
      next();
      return;
    }
    const token = BEARER.exec(header)?.[1];
    const user = token ? verifySessionToken(token, publicKey) : undefined;
    if (!user) {
      next(unauthenticated('Your session is not valid; sign in again'));
      return;
    }
    if (!revocations) {
      req.user = user;
      next();
      return;
    }
    // The gateway checked revocation already; services check again rather than trust the hop.
    revocations.isActive(user).then(
      (active) => {
        if (active) req.user = user;
        next(active ? undefined : unauthenticated('Your session has ended; sign in again'));
      },
      (err: unknown) => next(err),
    );
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthenticated());
};

/** Signed in and holding at least one of the listed access values. */
export function requireAccess(...allowed: Access[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) next(unauthenticated());
    else if (!hasAnyAccess(req.user.access, allowed)) next(forbidden());
    else next();
  };
}
