// A latency goal at a load that follows the machine's speed: a path's p99 when it is offered half
// of what the same client gets from it flat out, in the same run. What a visitor waits stays in
// milliseconds; how much the machine is asked to do is the ratio.
import { atMost, type Figure } from './bench-kit';
import { rangeLoad } from './range-client';

export interface HalfLoadOptions {
  /** The figure's name, before ", p99 at half of full speed". */
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** Paths of the URL's origin taken in turn, instead of the URL's own. */
  paths?: string[];
  status?: number;
  /** The p99 goal at half of full speed, in milliseconds. */
  goalMs: number;
  /** The name of a row for the flat-out rate too, when the caller measures it no other way. */
  flatOutName?: string;
  /**
   * Base URLs of the processes on the path whose longest event-loop stall during the half-speed
   * pass is printed beside the tail (their `/metrics`); the URL's own origin unless given.
   */
  watch?: string[];
}

// kit samples each process's loop every 100 ms (EVENT_LOOP_SAMPLE_MS): a sample is that period
// plus how late it ran.
const LOOP_SAMPLE_SECONDS = 0.1;

/**
 * The longest event-loop stall of a process since its metrics were last read, in ms (reading
 * them starts the next window); undefined when it has no metrics to read.
 */
export async function longestStall(base: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(new URL('/metrics', base))).text();
    const max = /^nodejs_eventloop_lag_max_seconds\{[^}]*\} (\S+)$/m.exec(text)?.[1];
    return max === undefined ? undefined : Math.max(0, Number(max) - LOOP_SAMPLE_SECONDS) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * The path flat out with 20 connections from the load generator's own client, then offered half
 * of that, evenly spaced, latency counted from when each request was due. Both from the same
 * client, so half is a load it can offer: a faster server than the client would otherwise be
 * measured as the client's queue.
 */
export async function halfLoadTail(options: HalfLoadOptions): Promise<Figure[]> {
  const common = {
    url: options.url,
    headers: options.headers ?? {},
    paths: options.paths,
    warmupSeconds: 2,
    status: options.status ?? 200,
  };
  const full = await rangeLoad({ ...common, connections: 20, seconds: 4 });
  if (full.unexpected) throw new Error(`${options.name} flat out: ${full.breakdown}`);
  const rate = full.requestsPerSecond / 2;
  const watched = options.watch ?? [new URL(options.url).origin];
  await Promise.all(watched.map(longestStall));
  const half = await rangeLoad({ ...common, connections: 64, rate, seconds: 8 });
  if (half.unexpected) throw new Error(`${options.name} at half load: ${half.breakdown}`);
  const stalls = await Promise.all(watched.map(longestStall));
  console.log(
    `  ${options.name} at half speed: p50 ${half.p50.toFixed(2)} ms, p99 ${half.p99.toFixed(1)} ms; ` +
      `the load generator's loop late p99 ${half.clientPause.p99.toFixed(1)} ms, at most ` +
      `${half.clientPause.max.toFixed(1)} ms; stolen by the hypervisor ${(half.stolen * 100).toFixed(1)} %; ` +
      `longest stall (includes the warm-up) ${watched.map((base, n) => `${base} ${stalls[n]?.toFixed(0) ?? '?'} ms`).join(', ')}`,
  );
  return [
    ...(options.flatOutName
      ? [{ name: options.flatOutName, value: full.requestsPerSecond, unit: 'req/s' }]
      : []),
    {
      name: `${options.name}, p99 at half of full speed (${rate.toFixed(0)}/s of ${full.requestsPerSecond.toFixed(0)}/s)`,
      value: half.p99,
      unit: 'ms',
      goal: atMost(options.goalMs),
    },
    {
      // Beside the tail: a request due while the load generator itself was paused is timed from
      // when it was due, so a tail near this is the generator's, not the path's.
      name: `${options.name}, at half speed: the load generator's longest pause`,
      value: half.clientPause.max,
      unit: 'ms',
    },
  ];
}

/** The rate the floors are paced at: a path's CPU per request is compared with theirs at the same. */
export const FLOOR_RATE = 250;

/**
 * CPU milliseconds per request of the processes `cpu` reads, with the path offered `FLOOR_RATE`
 * a second as the floors are: at this rate each request wakes a process that slept, which costs
 * more than the same request back to back, so a figure is only comparable with a floor taken alike.
 */
export async function cpuAtFloorRate(
  options: Omit<HalfLoadOptions, 'goalMs' | 'name'> & { cpu: () => number },
): Promise<number> {
  const load = {
    url: options.url,
    headers: options.headers ?? {},
    paths: options.paths,
    connections: 64,
    rate: FLOOR_RATE,
    status: options.status ?? 200,
  };
  await rangeLoad({ ...load, warmupSeconds: 1, seconds: 3 });
  const before = options.cpu();
  const measured = await rangeLoad({ ...load, warmupSeconds: 0, seconds: 8 });
  if (measured.unexpected) throw new Error(`${options.url} at ${FLOOR_RATE}/s: ${measured.breakdown}`);
  return ((options.cpu() - before) * 1000) / (measured.requestsPerSecond * 8);
}
