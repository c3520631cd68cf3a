import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
// What the benchmarks share: percentiles, pacing, and the one table `npm run bench` prints.

/**
 * CPU seconds a process has used so far (user and system), from /proc: a figure that holds still
 * where latencies on a shared machine do not. Clock ticks are 1/100 s on Linux.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * How many times a process's main thread has gone to sleep and been woken so far (its voluntary
 * context switches): each is an event loop that ran out of work and waited. On this kind of machine
 * a wakeup costs more than most of the work it wakes for (docs/performance.md, "What a wakeup
 * costs"), so a path's count of them says as much about its CPU as its code does.
 */
export function mainThreadWakeups(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^voluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? NaN);
}

/**
 * CPU seconds the MongoDB-compatible store on this machine has used so far: FerretDB's process and
 * the PostgreSQL backends serving it (live ones; their command line names FerretDB's database).
 * Undefined when no FerretDB runs here (a store elsewhere, or real MongoDB). A message costs the
 * store more CPU than it costs messaging (docs/performance.md), so a stage can report both.
 */
export function storeCpuSeconds(): number | undefined {
  let total = 0;
  let ferretdb = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const isFerretdb = /^(?:[^\0]*\/)?ferretdb\0/.test(command);
      if (!isFerretdb && !command.startsWith('postgres: ferretdb ')) continue;
      total += cpuSeconds(Number(entry));
      ferretdb ||= isFerretdb;
    } catch {
      // The process ended while being read.
    }
  }
  return ferretdb ? total : undefined;
}

/** The p-th percentile of the samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The whole machine's busy and total CPU time so far, in clock ticks (the first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the fourth and fifth fields.
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/**
 * Waits until the machine has been quiet (under `share` of its CPU in use) for three half-seconds
 * in a row, or `limitSeconds` have passed; returns the seconds waited. A latency figure is taken on
 * a settled platform: after a bulk load the store's own upkeep (PostgreSQL's autovacuum of the new
 * rows took a third of a core for several seconds) otherwise lands in whichever stage runs first.
 */
export async function untilQuiet(share = 0.25, limitSeconds = 120): Promise<number> {
  const started = performance.now();
  let quietInARow = 0;
  let before = machineTicks();
  while (quietInARow < 3 && performance.now() - started < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = machineTicks();
    const used = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quietInARow = used < share ? quietInARow + 1 : 0;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/** Runs `task(0 … total-1)` with `concurrency` of them in flight at once. */
export async function concurrently(concurrency: number, total: number, task: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

/** One line of the results table: a measured figure and what it should be. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal, as text for the table, and whether the figure meets it. */
  goal?: { text: string; met: (value: number) => boolean };
}

export const atLeast = (goal: number, unit = '') => ({
  text: `≥ ${goal}${unit}`,
  met: (value: number) => value >= goal,
});
export const atMost = (goal: number, unit = '') => ({
  text: `≤ ${goal}${unit}`,
  met: (value: number) => value <= goal,
});

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // Ratios and CPU milliseconds near a goal need their second and third digits.
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(value >= 1 ? 2 : 3);
}

export function table(figures: Figure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    `${format(figure.value)} ${figure.unit}`,
    figure.goal?.text ?? '',
    figure.goal ? (figure.goal.met(figure.value) ? 'met' : 'MISSED') : '',
  ]);
  const header = ['figure', 'measured', 'goal', ''];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * CPU milliseconds this process spends on a fixed piece of work (JSON and SHA-1 over a show page's
 * worth of data, as a request does): how fast the machine is right now. These machines vary from
 * one day to the next by more than most changes do, so a table is read beside its pace.
 */
export function machinePace(): number {
  const page = {
    items: Array.from({ length: 10 }, (_, n) => ({
      id: `episode-${n}`,
      title: `Episode ${n}`,
      notes: 'x'.repeat(800),
    })),
  };
  const work = (times: number) => {
    for (let n = 0; n < times; n += 1) {
      const body = JSON.stringify({ ...page, n });
      createHash('sha1')
        .update(JSON.parse(body).items[0].notes + body)
        .digest('base64url');
    }
  };
  // Compiled first, so the figure is the machine's and not the compiler's.
  work(1_500);
  const started = process.cpuUsage();
  work(3_000);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
