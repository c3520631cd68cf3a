import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from '../logging/logger';
import { createMetrics, type Metrics } from '../metrics/http-metrics';
import { healthRoutes, type ReadinessCheck } from '../health/health-routes';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { accessLog } from './access-log';
import { refuseMalformedRequests, refuseHostileJson } from './input-guards';
import { requestId } from './request-id';
import type { DirectRoutes } from './direct-routes';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Dependency checks behind `/readyz`. */
  readiness: Record<string, ReadinessCheck>;
  /** How many consumer groups have not been joined yet, behind `/startedz`. */
  joining?: () => number;
  /** Replaces the standard `/healthz` and `/readyz` (the gateway reports its upstreams instead). */
  health?: Router;
  /** Mounted after the common middleware, before the 404 and error handlers. */
  routes: Router[];
  /** JSON body limit; false leaves bodies unread (the gateway streams them to services). */
  bodyLimit: string | false;
  /** Extra middleware placed before the routes (for example authentication). */
  before?: express.RequestHandler[];
  /** Handlers tried after the routes and before the API 404 (the gateway's web app). */
  fallback?: express.RequestHandler[];
  /** Content-Security-Policy directives added to helmet's defaults (the web app's payment provider). */
  contentSecurity?: Record<string, string[]>;
  /**
   * Built beforehand when requests also arrive by another way (the gateway's API path); the
   * `contentSecurity` above then goes to `requestMechanics` instead.
   */
  mechanics?: RequestMechanics;
  /** Routes also answered ahead of Express (direct-routes.ts); told Express's order here. */
  direct?: DirectRoutes;
}

/** The proxies whose X-Forwarded-* headers are believed: the same machine and private networks. */
export const TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * What every request passes through first, whatever answers it: its id, the access log, the
 * refusal of malformed requests, security headers and metrics. Each handler uses only Node's own
 * request and response, so a path that bypasses Express (the gateway's API) runs the same ones.
 */
export interface RequestMechanics {
  handlers: RequestHandler[];
  metrics: Metrics;
}

export function requestMechanics(
  options: Pick<HttpAppOptions, 'name' | 'logger' | 'contentSecurity'>,
): RequestMechanics {
  const metrics = createMetrics(options.name);
  return {
    metrics,
    handlers: [
      requestId,
      accessLog(options.logger),
      refuseMalformedRequests,
      // No upgrade-insecure-requests: a network may run PODZ on plain http inside its own LAN, where
      // forcing https would break every asset. TLS is the job of whatever terminates it in front.
      helmet({
        contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, ...options.contentSecurity } },
      }),
      metrics.middleware,
    ],
  };
}

/**
 * A JSON body read (up to `limit`) and checked before any handler: Express's app and the direct
 * lane (direct-routes.ts) read bodies with the same handlers, so both refuse the same bodies alike.
 */
export function jsonBodies(limit: string): RequestHandler[] {
  return [express.json({ limit, type: ['application/json', 'application/*+json'] }), refuseHostileJson];
}

/** Every PODZ HTTP process is built the same way, so they log, measure and fail alike. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUSTED_PROXIES);
  app.set('query parser', 'simple');
  const { handlers, metrics } = options.mechanics ?? requestMechanics(options);
  for (const handler of handlers) app.use(handler);
  const health = options.health ?? healthRoutes(options.name, options.readiness, options.joining);
  app.use(health);
  app.use(metrics.router);
  options.direct?.follow([health, metrics.router, ...options.routes]);
  if (options.bodyLimit !== false) for (const handler of jsonBodies(options.bodyLimit)) app.use(handler);
  for (const middleware of options.before ?? []) app.use(middleware);
  for (const router of options.routes) app.use(router);
  for (const handler of options.fallback ?? []) app.use(handler);
  app.use(notFoundHandler);
  app.use(errorMiddleware(options.logger));
  return app;
}
