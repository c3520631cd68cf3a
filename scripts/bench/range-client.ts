// Requests (GETs of one URL, or a planned mix) from a process of its own with Node's own HTTP
// client: as fast as the connections take them (autocannon's parser tops out near 250 answers a
// second at 256 kB each on this machine, far below what the services serve, so it would measure
// itself), or paced at a steady rate, each due at its time (autocannon's `overallRate` sends each
// connection's share of a second back to back at the start of the second: at 200 a second on 20
// connections, bursts of 20 in flight, whose queue it then reports as latency).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface RangeLoad {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The status every answer should have. */
  status: number;
  /** Another status some answers may have (a revalidation that renews the edge's copy gets a 200). */
  also?: number;
  /** Requests a second, evenly spaced, latency counted from when each was due; `connections` in flight at most. */
  rate?: number;
  /**
   * Requests of the URL's origin taken in turn (a mix of queries, a feed with its own ETag, a
   * download's ranges, members' saves), instead of the URL itself; each one's headers go with
   * `headers`. GETs unless a method (and a body) is given.
   */
  paths?: (string | PlannedRequest)[];
}

export interface PlannedRequest {
  path: string;
  headers: Record<string, string>;
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
}

export interface RangeLoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  unexpected: number;
  /** What the unexpected answers were: status codes and client errors, with their counts. */
  breakdown: string;
  /** The client's own CPU per answer, while counting. */
  cpuMs: number;
  /** Every request made, warm-up included: what the servers' CPU over the whole load divides by. */
  sent: number;
  /**
   * The `Server-Timing` durations the answers carried (ms), by metric name: what the server says a
   * step of its own took (media's `decide`), apart from the network and the queue.
   */
  serverTiming: Record<string, { count: number; p50: number; p99: number }>;
  /**
   * How late the load generator's own event loop ran while counting (ms): a request due while it
   * was paused is sent late and timed from when it was due, so a pause here is latency there that
   * no server caused.
   */
  clientPause: { p99: number; max: number };
  /** The share of the machine's CPU time the hypervisor gave to others while counting (steal). */
  stolen: number;
}

const CHILD_FLAG = '--range-client';

async function run(load: RangeLoad): Promise<RangeLoadResult> {
  // Idle connections dropped before the gateway's keep-alive timeout, as the bench's HTTP client
  // does (http-client.ts): paced at half speed, the agent reuses its latest socket first and
  // others idle for seconds, and one reused as the server closed it failed a whole run (ECONNRESET).
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections, timeout: 4_000 });
  const url = new URL(load.url);
  const latencies: number[] = [];
  const timings = new Map<string, number[]>();
  let unexpected = 0;
  const kinds = new Map<string, number>();
  const surprise = (kind: string) => {
    unexpected++;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  };
  let counting = false;
  let stopping = false;
  let sent = 0;
  const next = (): PlannedRequest => {
    const request = load.paths?.[sent++ % load.paths.length] ?? url.pathname + url.search;
    return typeof request === 'string'
      ? { path: request, headers: load.headers }
      : { ...request, headers: { ...load.headers, ...request.headers } };
  };
  const one = (started = performance.now()) =>
    new Promise<void>((resolve) => {
      const { path, headers, method = 'GET', body } = next();
      const options = { agent, host: url.hostname, port: url.port, path, method, headers };
      const req = http.request(options, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (counting) {
            if (res.statusCode === load.status || res.statusCode === load.also)
              latencies.push(performance.now() - started);
            else surprise(`status ${res.statusCode}`);
            for (const [name, ms] of serverTimings(String(res.headers['server-timing'] ?? ''))) {
              const list = timings.get(name) ?? [];
              list.push(ms);
              timings.set(name, list);
            }
          }
          resolve();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (counting) surprise(err.code ?? err.message);
        resolve();
      });
      req.end(body);
    });
  const connection = async () => {
    while (!stopping) await one();
  };
  const paced = async (rate: number) => {
    const start = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (let n = 0; !stopping; n++) {
      const due = start + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight.size >= load.connections) await Promise.race(inFlight);
      const request: Promise<void> = one(due).then(() => {
        inFlight.delete(request);
      });
      inFlight.add(request);
    }
    await Promise.all(inFlight);
  };
  const connections = load.rate ? [paced(load.rate)] : Array.from({ length: load.connections }, connection);
  await new Promise((resolve) => setTimeout(resolve, load.warmupSeconds * 1000));
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const machineBefore = machineTimes();
  counting = true;
  loopDelay.enable();
  const started = performance.now();
  const cpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, load.seconds * 1000));
  counting = false;
  loopDelay.disable();
  const machineAfter = machineTimes();
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  stopping = true;
  await Promise.all(connections);
  agent.destroy();
  const quantile = (values: number[], p: number) =>
    values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => quantile(latencies, p);
  const serverTiming = Object.fromEntries(
    [...timings].map(([name, values]) => {
      values.sort((a, b) => a - b);
      return [name, { count: values.length, p50: quantile(values, 0.5), p99: quantile(values, 0.99) }];
    }),
  );
  return {
    serverTiming,
    requestsPerSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    unexpected,
    breakdown: [...kinds].map(([kind, count]) => `${count} × ${kind}`).join(', '),
    cpuMs: (user + system) / 1000 / Math.max(1, latencies.length),
    sent,
    clientPause: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    stolen:
      (machineAfter.steal - machineBefore.steal) / Math.max(1, machineAfter.total - machineBefore.total),
  };
}

/** The machine's CPU time so far, in ticks: all of it, and what the hypervisor stole (/proc/stat). */
function machineTimes(): { total: number; steal: number } {
  const fields =
    /^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: guest times are already inside user and nice.
  const counted = fields.slice(0, 8);
  return { total: counted.reduce((sum, ticks) => sum + ticks, 0), steal: counted[7] ?? 0 };
}

/** `decide;dur=0.42, db;dur=3` → [['decide', 0.42], ['db', 3]]. */
function serverTimings(header: string | undefined): [string, number][] {
  if (!header) return [];
  return header.split(',').flatMap((entry) => {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((param) => /^\s*dur=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return name && dur ? [[name, Number(dur)] as [string, number]] : [];
  });
}

/** Runs one load in a child process and answers its result. */
export function rangeLoad(load: RangeLoad): Promise<RangeLoadResult> {
  const child = fork(__filename, [CHILD_FLAG], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the range client exited (${code})`)));
    child.once('message', (message: RangeLoadResult | { error: string }) => {
      child.kill();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    child.send(load);
  });
}

if (process.argv.includes(CHILD_FLAG) && process.send) {
  process.once('message', (load: RangeLoad) => {
    run(load).then(
      (result) => process.send!(result),
      (err: unknown) => process.send!({ error: String(err) }),
    );
  });
}
