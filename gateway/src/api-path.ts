import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { failRequest, runMechanics, type Logger, type Mechanic } from '@podz/kit';
import { destinationOf, refuseUnrouted } from './api-routing';
import { clientIp, pathOf, type Exchange, type Step } from './exchange';

/**
 * The API's way through the gateway, on Node's own request and response rather than Express's:
 * the per-request mechanics every process shares (id, access log, malformed-request refusal,
 * security headers, metrics), the route from the policy table, then the checks in order, then the
 * service. Through Express a proxied read cost the gateway 410–500 µs of CPU, without it
 * 305–330 µs (docs/performance.md), and every page asks the API several times.
 * Returns false for a request that is not the API's, which the web app's Express app then answers.
 */
export function apiPath(options: {
  mechanics: RequestHandler[];
  steps: Step[];
  forward: (exchange: Exchange) => void;
  /** Socket.IO's requests skip the steps (the socket authenticates itself) but not this check. */
  socketIo: { sameSite: (req: IncomingMessage, res: ServerResponse) => boolean; forward: Forward };
  logger: Logger;
}) {
  const { steps, forward, socketIo, logger } = options;
  // Express's types name Express's request; these handlers read only what Node's has.
  const mechanics = options.mechanics as unknown as Mechanic[];
  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown) =>
    failRequest(err, req, res, logger);

  const run = async (exchange: Exchange) => {
    for (const step of steps) if (!(await step(exchange))) return;
    forward(exchange);
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = pathOf(req.url);
    const method = req.method ?? 'GET';
    const destination = destinationOf(method, path);
    if (destination === 'web app') return false;
    runMechanics(mechanics, req, res, (refused) => {
      if (refused !== undefined) fail(req, res, refused);
      else if (destination === 'socket.io') {
        if (socketIo.sameSite(req, res)) socketIo.forward(req, res);
      } else if (destination && 'route' in destination) {
        const exchange: Exchange = { req, res, path, ip: clientIp(req), route: destination.route };
        run(exchange).catch((err: unknown) => fail(req, res, err));
      } else {
        refuseUnrouted(res, method, path, destination);
      }
    });
    return true;
  };
}

type Forward = (req: IncomingMessage, res: ServerResponse) => void;
