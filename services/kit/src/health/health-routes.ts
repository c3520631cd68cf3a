import express, { type Router } from 'express';

/** A named dependency check for readiness: resolves when reachable, rejects otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process is alive and serving. `/readyz`: every dependency answers, so a load
 * balancer may send traffic. `/startedz`: every consumer group of the process has been joined once
 * (`joining` says how many have not), for an orchestrator's start-up probe: a new instance in a
 * rolling update counts as started only once it takes its share of the partitions, while a running
 * one stays ready through the rebalances that follow. Reasons for failures stay in the logs, not in
 * the public answer.
 */
export function healthRoutes(
  service: string,
  checks: Record<string, ReadinessCheck>,
  joining: () => number = () => 0,
): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/startedz', (_req, res) => {
    const waiting = joining();
    res
      .status(waiting === 0 ? 200 : 503)
      .json(
        waiting === 0 ? { status: 'started', service } : { status: 'starting', service, joining: waiting },
      );
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const ready = entries.every(([, state]) => state === 'up');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', service, checks: Object.fromEntries(entries) });
  });
  return router;
}
