import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';
import { loggablePath } from './loggable-path';
import { REQUEST_ID_HEADER } from './request-id';

declare module 'http' {
  interface IncomingMessage {
    /** The process's logger, for handlers that have no other way to reach it. */
    log: Logger;
  }
}

/** A request slower than this is logged whatever its status. */
export const SLOW_REQUEST_MS = 1000;

const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request that an operator needs to see: server errors, client errors (refused
 * sign-ins, bad input, probes) and slow requests. Fast successful requests are counted by the
 * metrics and logged only at debug, so a busy public read costs no log write. Only the path is
 * written, never the query string or headers (they may carry tokens), and a private feed's token
 * in it is masked.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    req.log = logger;
    const started = performance.now();
    res.once('finish', () => {
      // The whole path without the query, credential segments masked.
      const path = loggablePath(req.originalUrl ?? req.url);
      if (UNLOGGED.has(path)) return;
      const ms = Math.round(performance.now() - started);
      const status = res.statusCode;
      const level =
        status >= 500 ? 'error' : status >= 400 ? 'info' : ms >= SLOW_REQUEST_MS ? 'warn' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { reqId: req.headers[REQUEST_ID_HEADER], method: req.method, path, status, ms },
        `${req.method} ${path} → ${status} (${ms} ms)`,
      );
    });
    next();
  };
}
