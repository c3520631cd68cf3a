import { readFileSync } from 'node:fs';
// What the benchmarks share: percentiles, pacing, and the one table `npm run bench` prints.

/** The p-th percentile of the samples (nearest rank). */
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

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
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
