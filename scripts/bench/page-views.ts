import type { Redis } from 'ioredis';
import { atMost, percentile, type Figure } from './bench-kit';
import { dropCatalogAnswers, type BenchStack } from './bench-stack';
import { startVisitors, type VisitorSetup } from './page-visitors';

/**
 * Visitors opening pages through the gateway: 2,000 views over the items, each item viewed more
 * than once, so some views are an item's first since its answers were last rendered. Measured
 * twice, each time with the rendered answers dropped first: at a steady 250 views a second (the
 * catalog reads' goal), where the latency goal applies, and with 20 visitors as fast as they go,
 * whose latency is mostly their own queue. Latency at the steady rate counts from when each view
 * was due, so falling behind shows. The visitors run in a process of their own (page-visitors.ts).
 */
export async function pageViews(
  stack: BenchStack,
  redis: Redis,
  { setup, label, short }: { setup: VisitorSetup; label: string; short: string },
): Promise<Figure[]> {
  const visitors = await startVisitors(setup);
  try {
    const views = 2_000;
    const rate = 250;
    // Four seconds of views first, not counted: the processes compile and size their pools for
    // these routes, then every rendered answer is dropped again. A process's first thousand views
    // cost a quarter more CPU than its later ones (docs/performance.md); one second was too short.
    await visitors.run({ kind: 'paced', count: 4 * rate, rate });

    await dropCatalogAnswers(stack, redis);
    const cpuBefore = { gateway: stack.cpuSeconds('gateway'), catalog: stack.cpuSeconds('catalog') };
    const paced = await visitors.run({ kind: 'paced', count: views, rate });
    const cpuPerView = (name: 'gateway' | 'catalog') =>
      ((stack.cpuSeconds(name) - cpuBefore[name]) * 1000) / views;

    await dropCatalogAnswers(stack, redis);
    const saturated = await visitors.run({ kind: 'saturated', count: views, concurrency: 20 });
    return [
      { name: `${label} at ${rate} views/s, p50`, value: percentile(paced.latencies, 50), unit: 'ms' },
      {
        name: `${label} at ${rate} views/s, p99`,
        value: percentile(paced.latencies, 99),
        unit: 'ms',
        goal: atMost(50),
      },
      // Where the latency goes: the first second renders every answer again (the cache was just
      // dropped), the rest reads what it rendered.
      {
        name: `${short} at ${rate}/s, p99 of the first second (every answer rendered anew)`,
        value: percentile(paced.latencies.slice(0, rate), 99),
        unit: 'ms',
      },
      {
        name: `${short} at ${rate}/s, p99 after the first second`,
        value: percentile(paced.latencies.slice(rate), 99),
        unit: 'ms',
      },
      { name: `${short} at ${rate}/s: gateway CPU per view`, value: cpuPerView('gateway'), unit: 'ms' },
      { name: `${short} at ${rate}/s: catalog CPU per view`, value: cpuPerView('catalog'), unit: 'ms' },
      { name: `${short}, 20 visitors at full speed`, value: views / saturated.seconds, unit: 'views/s' },
      { name: `${label} at full speed, p99`, value: percentile(saturated.latencies, 99), unit: 'ms' },
    ];
  } finally {
    visitors.stop();
  }
}
