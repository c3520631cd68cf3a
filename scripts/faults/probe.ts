import { apiErrorSchema } from '../../proto/src/errors';

/** One call the fault suite repeats while a component is away. */
export interface Probe {
  name: string;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: () => string;
  /** Statuses this call may answer during the fault; anything else is a problem. */
  allowed?: number[];
}

export interface ProbeResult {
  name: string;
  status: number;
  /** The status, or what went wrong instead of one ("no answer in 8 s", "connection refused"). */
  outcome: string;
  ms: number;
  problem?: string;
}

// Longer than the store's server selection (5 s): past this, a caller would call it a hang.
const HANG_MS = 8_000;

/** Calls the probe once and checks the answer: in time, an allowed status, a refusal in the error shape. */
export async function probe(p: Probe): Promise<ProbeResult> {
  const started = Date.now();
  try {
    const res = await fetch(p.url, {
      method: p.method ?? 'GET',
      headers: p.headers,
      body: p.body?.(),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    const ms = Date.now() - started;
    const result: ProbeResult = { name: p.name, status: res.status, outcome: String(res.status), ms };
    if (p.allowed && !p.allowed.includes(res.status)) {
      result.problem = `answered ${res.status}, expected ${p.allowed.join(' or ')}: ${text.slice(0, 200)}`;
    } else if (res.status >= 400) {
      let shaped = false;
      try {
        shaped = apiErrorSchema.safeParse(JSON.parse(text)).success;
      } catch {
        shaped = false;
      }
      if (!shaped) result.problem = `a ${res.status} outside the error shape: ${text.slice(0, 200)}`;
    }
    return result;
  } catch (err) {
    const ms = Date.now() - started;
    const timedOut = (err as Error).name === 'TimeoutError';
    const outcome = timedOut ? `no answer in ${HANG_MS / 1000} s` : 'no answer';
    return { name: p.name, status: 0, outcome, ms, problem: `${outcome} (${(err as Error).message})` };
  }
}
