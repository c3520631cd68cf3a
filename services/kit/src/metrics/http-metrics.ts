import type { RequestHandler, Router } from 'express';
import express from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  middleware: RequestHandler;
  router: Router;
}

/**
 * How often the event loop's delay is sampled for the `nodejs_eventloop_lag_*` figures. prom-client's
 * 10 ms default is a timer that wakes every process 100 times a second, busy or idle: an idle stack
 * of ten processes woke 1,250 times a second, and on this kind of machine each wakeup costs about a
 * tenth of a millisecond before any work (docs/performance.md, "What a wakeup costs"). Every stall
 * of 100 ms or more still lands in the figures; shorter ones are sampled.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** A registry per app, so several services can live in one test process without clashing. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The matched route pattern, never the raw URL, keeps label cardinality bounded.
      const route =
        (req.route?.path as string | undefined) ?? (res.statusCode === 404 ? 'unmatched' : 'other');
      // `baseUrl` is Express's; a request that bypassed Express (the gateway's API path) has none.
      const labels = {
        method: req.method,
        route: `${req.baseUrl ?? ''}${route}`,
        status: String(res.statusCode),
      };
      end(labels);
      requests.inc(labels);
    });
    next();
  };

  const router = express.Router();
  router.get('/metrics', async (_req, res) => {
    res.setHeader('content-type', registry.contentType);
    res.send(await registry.metrics());
  });
  return { registry, middleware, router };
}
