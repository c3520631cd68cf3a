import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, REQUEST_ID_HEADER, type Logger } from '@podz/kit';
import { isApiRequest } from './api-routing';
import { sendApiError } from './api-error';
import { clientIp, pathOf, type Exchange, type Step } from './exchange';

const STOPPED = new Error('a per-request handler did not go on');

/** Runs one of the shared per-request handlers; they all call `next` before returning. */
function passes(handler: RequestHandler, req: IncomingMessage, res: ServerResponse): unknown {
  let outcome: unknown = STOPPED;
  // Express's types name Express's request; these handlers read only what Node's has.
  (handler as unknown as (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void)(
    req,
    res,
    (err) => (outcome = err),
  );
  return outcome;
}

/**
 * The API's way through the gateway, on Node's own request and response rather than Express's:
 * the per-request mechanics every process shares (id, access log, malformed-request refusal,
 * security headers, metrics), then the checks in order, then the service. Through Express a
 * proxied read cost the gateway 410–500 µs of CPU, without it 305–330 µs (docs/performance.md),
 * and every page asks the API several times.
 * Returns false for a request that is not the API's, which the web app's Express app then answers.
 */
export function apiPath(options: {
  mechanics: RequestHandler[];
  steps: Step[];
  /** Socket.IO's requests skip the steps (the socket authenticates itself) but not this check. */
  socketIo: { isSocketIo: (path: string) => boolean; check: Step };
  forward: (exchange: Exchange) => void;
  logger: Logger;
}) {
  const { mechanics, steps, socketIo, forward, logger } = options;

  const fail = (exchange: Pick<Exchange, 'req' | 'res'>, err: unknown) => {
    const { req, res } = exchange;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      sendApiError(res, err.code, err.message);
      return;
    }
    const requestId = String(req.headers[REQUEST_ID_HEADER] ?? '');
    logger.error({ err, requestId, method: req.method, path: pathOf(req.url) }, 'unhandled error');
    sendApiError(res, 'INTERNAL', 'Internal server error', { requestId });
  };

  const run = async (exchange: Exchange) => {
    if (socketIo.isSocketIo(exchange.path)) {
      if (await socketIo.check(exchange)) forward(exchange);
      return;
    }
    for (const step of steps) if (!(await step(exchange))) return;
    forward(exchange);
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = pathOf(req.url);
    if (!isApiRequest(req.method, path)) return false;
    for (const handler of mechanics) {
      const refused = passes(handler, req, res);
      if (refused !== undefined) {
        fail({ req, res }, refused);
        return true;
      }
    }
    const exchange: Exchange = { req, res, path, ip: clientIp(req) };
    run(exchange).catch((err: unknown) => fail(exchange, err));
    return true;
  };
}
