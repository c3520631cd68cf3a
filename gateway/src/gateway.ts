import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  answerUnparsableRequests,
  RateLimiter,
  SessionRevocations,
  closeRedis,
  closeServer,
  connectRedis,
  createHttpApp,
  createLogger,
  listen,
  listenForPurges,
  requestMechanics,
  sendApiError,
  type Logger,
} from '@podz/kit';
import { BatchedRateLimiter } from './batched-rate-limiter';
import { apiPath } from './api-path';
import { upstreamUrls, type GatewayConfig } from './config';
import { protocolOf } from './exchange';
import { isOwnOrigin, originCheck } from './origin-check';
import { EdgeCache, edgeCache, keepUpstreamAnswer } from './edge-cache';
import { createProxies, upgradeHandler } from './proxy';
import { rateLimits } from './rate-limits';
import { SOCKET_IO } from './route-policies';
import { sessionGate } from './session-gate';
import { upstreamHealthRoutes } from './upstream-health';
import { WEB_APP_CONTENT_SECURITY, webApp } from './web-app';

export interface RunningGateway {
  server: Server;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * The single public entry: health of the whole platform; the API, each request checked against
 * the policy table (rate limits, origin, session, access) and then proxied; Socket.IO; the web app.
 */
export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningGateway> {
  const redis = await connectRedis(config.REDIS_URL, logger);
  const upstreams = upstreamUrls(config);
  const limiters = { exact: new RateLimiter(redis), batched: new BatchedRateLimiter(redis, logger) };
  const edge = new EdgeCache(config.EDGE_CACHE_ENTRIES, config.EDGE_CACHE_MB * 1024 * 1024);
  const purges = await listenForPurges(redis, logger, (tag) => edge.purge(tag));
  const proxies = createProxies(upstreams, logger, config.UPSTREAM_TIMEOUT_MS, (upstream, req) =>
    keepUpstreamAnswer(edge, purges, upstream, req),
  );
  // Browsers send the session cookie with a socket opened from any site: only this site may open one.
  const sameSiteSocket = (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin && !isOwnOrigin(origin, config.PUBLIC_ORIGIN, protocolOf(req), req.headers.host)) {
      sendApiError(res, 'FORBIDDEN', 'Cross-site socket refused: the Origin header must be this site');
      return false;
    }
    return true;
  };
  const mechanics = requestMechanics({ name: 'gateway', logger, contentSecurity: WEB_APP_CONTENT_SECURITY });
  const api = apiPath({
    mechanics: mechanics.handlers,
    steps: [
      rateLimits(limiters, config, logger),
      originCheck(config.PUBLIC_ORIGIN),
      sessionGate(config.JWT_PUBLIC_KEY, new SessionRevocations(redis), logger),
      edgeCache(edge, purges),
    ],
    forward: ({ req, res, route }) => proxies[route.service].forward(req, res),
    socketIo: {
      sameSite: sameSiteSocket,
      forward: (req, res) => proxies[SOCKET_IO.service].forwardSticky(req, res),
    },
    logger,
  });
  // Health, metrics and the web app: everything that is not the API.
  const app = createHttpApp({
    name: 'gateway',
    logger,
    mechanics,
    // Bodies stream through to the services untouched; each service parses and limits its own.
    bodyLimit: false,
    readiness: {},
    health: upstreamHealthRoutes(upstreams, () => redis.ping()),
    routes: [],
    fallback: webApp(config.WEB_DIST, config.PUBLIC_ORIGIN),
  });
  const server = createServer((req, res) => {
    if (!api(req, res)) app(req, res);
  });
  answerUnparsableRequests(server);
  server.on('upgrade', upgradeHandler(proxies[SOCKET_IO.service], SOCKET_IO.prefix, config.PUBLIC_ORIGIN));
  const port = await listen(server, config.PORT);
  logger.info({ port }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await closeServer(server, config.SHUTDOWN_TIMEOUT_MS);
    await limiters.batched.stop();
    await purges.stop();
    await closeRedis(redis);
    logger.info('gateway stopped');
  };
  return { server, port, url: `http://127.0.0.1:${port}`, stop: () => (stopping ??= stop()) };
}
