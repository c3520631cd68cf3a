import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import {
  BatchedRateLimiter,
  RateLimiter,
  SessionRevocations,
  closeRedis,
  closeServer,
  connectRedis,
  createHttpApp,
  createLogger,
  listen,
  type Logger,
} from '@podz/kit';
import { apiRouting, isSocketIo, routeOf } from './api-routing';
import { upstreamUrls, type GatewayConfig } from './config';
import { sendApiError } from './api-error';
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

/** Applies `handler` to API requests only; everything else goes on to the web app. */
const onApi =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    routeOf(req) ? handler(req, res, next) : next();

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
  const proxies = createProxies(upstreams, logger, config.UPSTREAM_TIMEOUT_MS, (upstream, req) =>
    keepUpstreamAnswer(edge, upstream, req),
  );
  // Browsers send the session cookie with a socket opened from any site: only this site may open one.
  const socketIo: RequestHandler = (req, res, next) => {
    if (!isSocketIo(req.path)) return next();
    const origin = req.get('origin');
    if (origin && !isOwnOrigin(origin, config.PUBLIC_ORIGIN, req.protocol, req.get('host'))) {
      sendApiError(res, 'FORBIDDEN', 'Cross-site socket refused: the Origin header must be this site');
      return;
    }
    void proxies[SOCKET_IO.service](req, res, next);
  };
  const toService: RequestHandler = (req, res, next) => void proxies[routeOf(req)!.service](req, res, next);

  const app = createHttpApp({
    name: 'gateway',
    logger,
    // Bodies stream through to the services untouched; each service parses and limits its own.
    bodyLimit: false,
    readiness: {},
    health: upstreamHealthRoutes(upstreams, () => redis.ping()),
    routes: [],
    before: [
      socketIo,
      apiRouting,
      onApi(rateLimits(limiters, config, routeOf, logger)),
      onApi(originCheck(config.PUBLIC_ORIGIN)),
      onApi(sessionGate(config.JWT_PUBLIC_KEY, new SessionRevocations(redis), routeOf, logger)),
      onApi(edgeCache(edge, routeOf)),
      onApi(toService),
    ],
    fallback: webApp(config.WEB_DIST),
    contentSecurity: WEB_APP_CONTENT_SECURITY,
  });
  const server = createServer(app);
  server.on('upgrade', upgradeHandler(proxies[SOCKET_IO.service], SOCKET_IO.prefix, config.PUBLIC_ORIGIN));
  const port = await listen(server, config.PORT);
  logger.info({ port }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await closeServer(server, config.SHUTDOWN_TIMEOUT_MS);
    await limiters.batched.stop();
    await closeRedis(redis);
    logger.info('gateway stopped');
  };
  return { server, port, url: `http://127.0.0.1:${port}`, stop: () => (stopping ??= stop()) };
}
