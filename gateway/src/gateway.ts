import { createServer, type Server } from 'node:http';
import { closeServer, connectRedis, createHttpApp, listen, createLogger, type Logger } from '@podz/kit';
import { upstreamUrls, type GatewayConfig } from './config';
import { createProxies } from './proxy';
import { ROUTE_TABLE } from './route-table';
import { upstreamHealthRoutes } from './upstream-health';
import { webApp } from './web-app';

export interface RunningGateway {
  server: Server;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** The single public entry: health of the whole platform, the API proxied by route table, the web app. */
export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningGateway> {
  const redis = await connectRedis(config.REDIS_URL, logger);
  const upstreams = upstreamUrls(config);
  const proxies = createProxies(upstreams, ROUTE_TABLE, logger, config.UPSTREAM_TIMEOUT_MS);
  const app = createHttpApp({
    name: 'gateway',
    logger,
    // Bodies stream through to the services untouched; each service parses and limits its own.
    bodyLimit: false,
    readiness: {},
    health: upstreamHealthRoutes(upstreams, () => redis.ping()),
    routes: [],
    before: [proxies.middleware],
    fallback: webApp(config.WEB_DIST),
  });
  const server = createServer(app);
  server.on('upgrade', proxies.upgrade);
  const port = await listen(server, config.PORT);
  logger.info({ port }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await closeServer(server, config.SHUTDOWN_TIMEOUT_MS);
    await redis.quit().catch(() => undefined);
    logger.info('gateway stopped');
  };
  return { server, port, url: `http://127.0.0.1:${port}`, stop: () => (stopping ??= stop()) };
}
