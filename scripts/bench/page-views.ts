import type { Redis } from 'ioredis';
import { atMost, percentile, type Figure } from './bench-kit';
import { dropCatalogAnswers, type BenchStack } from './bench-stack';
import { startVisitors, type VisitorSetup } from './page-visitors';

type Measured = 'gateway' | 'catalog';

/** The gateway's and catalog's CPU and main-thread wakeups from now, per view when asked. */
function startCounting(stack: BenchStack) {
  const read = (name: Measured) => ({ cpu: stack.cpuSeconds(name), wakeups: stack.wakeups(name) });
  const before = { gateway: read('gateway'), catalog: read('catalog') };
  return {
    perView(views: number) {
      const now = { gateway: read('gateway'), catalog: read('catalog') };
      const cpu = (name: Measured) => ((now[name].cpu - before[name].cpu) * 1000) / views;
      const wakeups = (name: Measured) => (now[name].wakeups - before[name].wakeups) / views;
      return {
        cpu: { gateway: cpu('gateway'), catalog: cpu('catalog') },
        wakeups: { gateway: wakeups('gateway'), catalog: wakeups('catalog') },
      };
    },
  };
}

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
  {
    setup,
    label,
    short,
    cpuGoal,
  }: {
    setup: VisitorSetup;
    label: string;
    short: string;
    /** The goal for the gateway's and catalog's CPU per view together at the steady rate, if any. */
    cpuGoal?: number;
  },
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
    const counters = startCounting(stack);
    const paced = await visitors.run({ kind: 'paced', count: views, rate });
    // Read now, before the next pass: until 2026-12-02 they were read after it, and every "CPU per
    // view at 250/s" since 2026-11-26 also held the CPU of the 2,000 views at full speed.
    const pacedCost = counters.perView(views);

    await dropCatalogAnswers(stack, redis);
    const saturatedCounters = startCounting(stack);
    const saturated = await visitors.run({ kind: 'saturated', count: views, concurrency: 20 });
    const saturatedCost = saturatedCounters.perView(views);
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
      { name: `${short} at ${rate}/s: gateway CPU per view`, value: pacedCost.cpu.gateway, unit: 'ms' },
      { name: `${short} at ${rate}/s: catalog CPU per view`, value: pacedCost.cpu.catalog, unit: 'ms' },
      {
        name: `${short} at ${rate}/s: gateway + catalog CPU per view`,
        value: pacedCost.cpu.gateway + pacedCost.cpu.catalog,
        unit: 'ms',
        ...(cpuGoal === undefined ? {} : { goal: atMost(cpuGoal) }),
      },
      {
        name: `${short} at ${rate}/s: times the gateway's main thread woke, per view`,
        value: pacedCost.wakeups.gateway,
        unit: '',
      },
      {
        name: `${short} at ${rate}/s: times catalog's main thread woke, per view`,
        value: pacedCost.wakeups.catalog,
        unit: '',
      },
      { name: `${short}, 20 visitors at full speed`, value: views / saturated.seconds, unit: 'views/s' },
      { name: `${label} at full speed, p99`, value: percentile(saturated.latencies, 99), unit: 'ms' },
      {
        name: `${short} at full speed: gateway + catalog CPU per view`,
        value: saturatedCost.cpu.gateway + saturatedCost.cpu.catalog,
        unit: 'ms',
      },
    ];
  } finally {
    visitors.stop();
  }
}
