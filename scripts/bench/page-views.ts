import type { Redis } from 'ioredis';
import { atMost, percentile, type Figure } from './bench-kit';
import { FLOORS } from './floors';
import { dropCatalogAnswers, type BenchStack } from './bench-stack';
import { FLOOR_RATE, longestStall } from './half-load';
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
 * Visitors opening pages through the gateway, over the items, each item viewed more than once, so
 * some views are an item's first since its answers were last rendered. Three passes, each with
 * the rendered answers dropped first: 20 visitors as fast as they go (the path's full speed in this
 * run); 2,000 views at the floors' rate, for the CPU per view against the public-GET floor; five
 * seconds at half of full speed, for the p99 a visitor waits. Latency at a steady rate counts from
 * when each view was due, so falling behind shows. The visitors run in a process of their own
 * (page-visitors.ts).
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
    /** The goal for the gateway's and catalog's CPU per view together at the floors' rate, in public-GET floors. */
    cpuGoal: number;
  },
): Promise<Figure[]> {
  const visitors = await startVisitors(setup);
  try {
    const views = 2_000;
    // Four seconds of views first, not counted: the processes compile and size their pools for
    // these routes, then every rendered answer is dropped again. A process's first thousand views
    // cost a quarter more CPU than its later ones (docs/performance.md); one second was too short.
    await visitors.run({ kind: 'paced', count: 1_000, rate: 250 });

    await dropCatalogAnswers(stack, redis);
    const saturatedCounters = startCounting(stack);
    const saturated = await visitors.run({ kind: 'saturated', count: views, concurrency: 20 });
    const saturatedCost = saturatedCounters.perView(views);
    const fullSpeed = views / saturated.seconds;
    const rate = Math.max(1, Math.round(fullSpeed / 2));

    // CPU at the floors' rate, so the ratio to them compares like with like.
    await dropCatalogAnswers(stack, redis);
    const counters = startCounting(stack);
    await visitors.run({ kind: 'paced', count: views, rate: FLOOR_RATE });
    const pacedCost = counters.perView(views);

    // The tail at half of full speed, five seconds of views.
    await dropCatalogAnswers(stack, redis);
    const watched = [stack.gatewayUrl, stack.urls.catalog];
    await Promise.all(watched.map(longestStall));
    const paced = await visitors.run({ kind: 'paced', count: Math.max(views, rate * 5), rate });
    const stalls = await Promise.all(watched.map(longestStall));
    const firstSecond = Math.min(rate, paced.latencies.length);
    console.log(
      `  ${label} at half speed: p50 ${percentile(paced.latencies, 50).toFixed(2)} ms, p99 ` +
        `${percentile(paced.latencies, 99).toFixed(1)} ms (first second ${percentile(paced.latencies.slice(0, firstSecond), 99).toFixed(1)}, ` +
        `after ${percentile(paced.latencies.slice(firstSecond), 99).toFixed(1)}); the visitors' loop late at most ` +
        `${paced.pause.toFixed(1)} ms; longest stall gateway ${stalls[0]?.toFixed(0) ?? '?'} ms, catalog ${stalls[1]?.toFixed(0) ?? '?'} ms`,
    );
    return [
      { name: `${short}, 20 visitors at full speed`, value: fullSpeed, unit: 'views/s' },
      { name: `${label} at full speed, p99`, value: percentile(saturated.latencies, 99), unit: 'ms' },
      {
        name: `${short} at full speed: gateway + catalog CPU per view`,
        value: saturatedCost.cpu.gateway + saturatedCost.cpu.catalog,
        unit: 'ms',
      },
      { name: `${label} at half speed (${rate}/s), p50`, value: percentile(paced.latencies, 50), unit: 'ms' },
      {
        name: `${label} at half speed (${rate}/s), p99`,
        value: percentile(paced.latencies, 99),
        unit: 'ms',
        goal: atMost(50),
      },
      // Where the latency goes: the first second renders every answer again (the cache was just
      // dropped), the rest reads what it rendered.
      {
        name: `${short} at half speed, p99 of the first second (every answer rendered anew)`,
        value: percentile(paced.latencies.slice(0, firstSecond), 99),
        unit: 'ms',
      },
      {
        name: `${short} at half speed, p99 after the first second`,
        value: percentile(paced.latencies.slice(firstSecond), 99),
        unit: 'ms',
      },
      { name: `${short} at ${FLOOR_RATE}/s: gateway CPU per view`, value: pacedCost.cpu.gateway, unit: 'ms' },
      { name: `${short} at ${FLOOR_RATE}/s: catalog CPU per view`, value: pacedCost.cpu.catalog, unit: 'ms' },
      {
        name: `${short} at ${FLOOR_RATE}/s: gateway + catalog CPU per view`,
        value: pacedCost.cpu.gateway + pacedCost.cpu.catalog,
        unit: 'ms',
        versus: FLOORS.get,
        goal: atMost(cpuGoal),
      },
      {
        name: `${short} at ${FLOOR_RATE}/s: times the gateway's main thread woke, per view`,
        value: pacedCost.wakeups.gateway,
        unit: '',
      },
      {
        name: `${short} at ${FLOOR_RATE}/s: times catalog's main thread woke, per view`,
        value: pacedCost.wakeups.catalog,
        unit: '',
      },
    ];
  } finally {
    visitors.stop();
  }
}
