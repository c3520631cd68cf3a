// HTTP load with autocannon: a fixed number of connections, each sending its next request as soon
// as the last one answered, after a short warm-up that is not counted.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers with another status than expected, and connection errors. */
  unexpected: number;
  /** How many answers of each status class, errors and timeouts: what went wrong, when something did. */
  breakdown: string;
  /** CPU milliseconds per measured request of each process in `options.cpuOf`, in that order. */
  cpuMsPerRequest: number[];
}

export interface LoadOptions {
  connections?: number;
  /** Seconds measured, after two not counted (six unless given). */
  seconds?: number;
  headers?: Record<string, string>;
  /** The status every answer should have (200 unless given). */
  status?: number;
  /**
   * Another status some answers may have: a load of revalidations gets the edge's renewal of an
   * expired copy as a 200, one a few seconds per gateway.
   */
  also?: number;
  /** Requests per second over all connections; as fast as they answer when not given. */
  rate?: number;
  /** Processes whose CPU per request is measured (not during the warm-up). */
  /** CPU seconds so far of each process (or group of instances) to report per request. */
  cpuOf?: (() => number)[];
}

function once(
  url: string,
  options: LoadOptions,
  seconds: number,
  paths?: string[],
): Promise<autocannon.Result> {
  return autocannon({
    url,
    // Each connection goes through the paths in turn, from where the last left off.
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
    connections: options.connections ?? 20,
    duration: seconds,
    headers: options.headers ?? {},
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
}

/** Load on one URL, or on `paths` of its origin taken in turn (a mix of queries). */
export async function load(url: string, options: LoadOptions = {}, paths?: string[]): Promise<LoadResult> {
  await once(url, options, 2, paths);
  const cpuBefore = (options.cpuOf ?? []).map((cpu) => cpu());
  const result = await once(url, options, options.seconds ?? 6, paths);
  const cpuMsPerRequest = (options.cpuOf ?? []).map(
    (cpu, n) => ((cpu() - (cpuBefore[n] ?? 0)) * 1000) / Math.max(1, result.requests.total),
  );
  const classOf = (status: number) => `${Math.floor(status / 100)}xx`;
  const expected = [classOf(options.status ?? 200), ...(options.also ? [classOf(options.also)] : [])];
  const byClass = result as unknown as Record<string, number>;
  const otherClasses = ['1xx', '2xx', '3xx', '4xx', '5xx']
    .filter((name) => !expected.includes(name))
    .reduce((sum, name) => sum + (byClass[name] ?? 0), 0);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: otherClasses + result.errors + result.timeouts,
    breakdown: ['2xx', '3xx', '4xx', '5xx', 'errors', 'timeouts']
      .map((name) => `${name} ${(result as unknown as Record<string, number>)[name] ?? 0}`)
      .join(', '),
    cpuMsPerRequest,
  };
}
