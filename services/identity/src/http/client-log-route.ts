import express from 'express';
import { AppError, handle } from '@podz/kit';
import { AUTH_BASE_PATH, clientLogBodySchema } from '@podz/proto';
import type { IdentityDeps } from '../domain/identity-deps';

/**
 * `POST _log`: NextAuth's client reports its errors here (CLIENT_FETCH_ERROR, CLIENT_SESSION_ERROR,
 * spec §8). Bounded in size, rate-limited at the gateway, logged at warn with nothing echoed back.
 */
export function clientLogRoute(deps: IdentityDeps): express.Router {
  const router = express.Router();
  const max = deps.config.CLIENT_LOG_MAX_BYTES;
  router.post(
    `${AUTH_BASE_PATH}/_log`,
    express.urlencoded({ extended: false, limit: max, parameterLimit: 20 }),
    (req, _res, next) => {
      // JSON bodies were already read by the app's larger JSON limit.
      const size = Buffer.byteLength(JSON.stringify(req.body ?? {}));
      next(
        size > max
          ? new AppError('PAYLOAD_TOO_LARGE', `A client log entry is at most ${max} bytes`)
          : undefined,
      );
    },
    handle({ body: clientLogBodySchema }, ({ body }) => {
      deps.logger.warn({ client: body }, 'client reported');
      return undefined;
    }),
  );
  return router;
}
