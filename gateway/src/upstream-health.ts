import express, { type Router } from 'express';
import type { ServiceName } from '@podz/proto';

export type UpstreamState = { status: 'up'; latencyMs: number } | { status: 'down'; reason: string };

/** With several instances: up while any one is (the gateway sends requests to those), with a count. */
export type ServiceState = UpstreamState & { instances?: { up: number; of: number } };

const TIMEOUT_MS = 2000;

async function probe(baseUrl: string): Promise<UpstreamState> {
  const started = performance.now();
  try {
    const res = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) return { status: 'down', reason: `answered ${res.status}` };
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      status: 'down',
      reason: err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable',
    };
  }
}

async function probeService(instances: readonly string[]): Promise<ServiceState> {
  const states = await Promise.all(instances.map(probe));
  const up = states.filter((state) => state.status === 'up').sort((a, b) => a.latencyMs - b.latencyMs);
  const best: UpstreamState = up[0] ?? states[0] ?? { status: 'down', reason: 'no instances' };
  if (states.length === 1) return best;
  return { ...best, instances: { up: up.length, of: states.length } };
}

/**
 * `/healthz` of the whole platform: the gateway asks every service behind it and answers 200 only
 * when all of them are up, so one look (or one orchestrator probe) tells whether PODZ works.
 */
export function upstreamHealthRoutes(
  upstreams: Record<ServiceName, readonly string[]>,
  redisPing: () => Promise<unknown>,
): Router {
  const router = express.Router();
  const report = async () => {
    const entries = await Promise.all(
      Object.entries(upstreams).map(async ([service, urls]) => [service, await probeService(urls)] as const),
    );
    const services = Object.fromEntries(entries);
    const allUp = entries.every(([, state]) => state.status === 'up');
    return { allUp, services };
  };
  router.get('/healthz', async (_req, res) => {
    const { allUp, services } = await report();
    res.status(allUp ? 200 : 503).json({ status: allUp ? 'ok' : 'degraded', gateway: 'up', services });
  });
  router.get('/readyz', async (_req, res) => {
    const [{ allUp }, redis] = await Promise.all([
      report(),
      redisPing().then(
        () => 'up',
        () => 'down',
      ),
    ]);
    const ready = allUp && redis === 'up';
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', redis, services: allUp ? 'up' : 'degraded' });
  });
  return router;
}
