import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
export { concurrently } from '../lib/concurrently';
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
  const ferretdb = /^(?:[^\0]*\/)?ferretdb\0/;
  const { seconds, found } = commandCpuSeconds(
    (command) => ferretdb.test(command) || command.startsWith('postgres: ferretdb '),
  );
  return found.some((command) => ferretdb.test(command)) ? seconds : undefined;
}

/**
 * CPU seconds the live processes on this machine whose command line (`\0`-separated, as /proc has
 * it) `matches` have used so far, and those command lines: Redis's or Kafka's, say.
 */
export function commandCpuSeconds(matches: (command: string) => boolean): {
  seconds: number;
  found: string[];
} {
  let seconds = 0;
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!matches(command)) continue;
      seconds += cpuSeconds(Number(entry));
      found.push(command);
    } catch {
      // The process ended while being read.
    }
  }
  return { seconds, found };
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
 * Waits until the machine has been quiet (under `share` of its CPU in use) for three readings
 * 300 ms apart in a row, or `limitSeconds` have passed; returns the seconds waited. A latency
 * figure is taken on a settled platform: after a bulk load the store's own upkeep (PostgreSQL's
 * autovacuum of the new rows took a third of a core for several seconds) otherwise lands in
 * whichever stage runs first.
 */
export async function untilQuiet(share = 0.25, limitSeconds = 120): Promise<number> {
  const started = performance.now();
  let quietInARow = 0;
  let before = machineTicks();
  while (quietInARow < 3 && performance.now() - started < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = machineTicks();
    const used = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quietInARow = used < share ? quietInARow + 1 : 0;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/** What a figure should be, as text for the table, and whether a value meets it. */
export interface Goal {
  text: string;
  met: (value: number) => boolean;
}

/**
 * One line of the results table. A goal is on the figure itself only where the figure means the
 * same on any machine (a ratio measured in one pass, a size in bytes); every other goal is on the
 * figure ÷ its reference (`versus`): something measured in the same run on the same machine (a
 * floor, nginx serving the same bytes, the path's own throughput), so a fast hour and a slow one,
 * here or on a bigger machine, give the same ratio.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The name other figures give as their `versus`. */
  key?: string;
  /** The reference: another figure of the run by its key, or a value measured beside this one. */
  versus?: string | Reference;
  goal?: Goal;
}

export interface Reference {
  name: string;
  value: number;
  unit: string;
}

export const atLeast = (goal: number, unit = ''): Goal => ({
  text: `≥ ${goal}${unit}`,
  met: (value: number) => value >= goal,
});
export const atMost = (goal: number, unit = ''): Goal => ({
  text: `≤ ${goal}${unit}`,
  met: (value: number) => value <= goal,
});

export function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // Ratios and CPU milliseconds near a goal need their second and third digits.
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(value >= 1 ? 2 : 3);
}

/** A figure with its reference found and its ratio worked out; `met` undefined when it has no goal. */
export interface Judged {
  figure: Figure;
  reference?: Reference;
  ratio?: number;
  met?: boolean;
}

/**
 * Each figure beside its reference. A reference by key that the run did not measure (a group left
 * out with `--only`) leaves the ratio unknown and the goal unjudged, never met.
 */
export function judge(figures: Figure[]): Judged[] {
  const byKey = new Map(figures.filter((f) => f.key).map((f) => [f.key!, f]));
  return figures.map((figure) => {
    const reference =
      typeof figure.versus === 'string'
        ? (() => {
            const found = byKey.get(figure.versus);
            return found && { name: found.key!, value: found.value, unit: found.unit };
          })()
        : figure.versus;
    const ratio = reference ? figure.value / reference.value : undefined;
    const judged = figure.versus ? ratio : figure.value;
    const met =
      figure.goal && judged !== undefined && Number.isFinite(judged) ? figure.goal.met(judged) : undefined;
    return { figure, reference, ratio, met };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One row of the table: a figure over every run, its median and how far the runs spread. */
export interface Row {
  name: string;
  unit: string;
  value: number;
  reference?: Reference;
  /** Not measured: a reference by key that no run had. */
  missing?: string;
  ratio?: number;
  /** (largest − smallest) ÷ median of what the goal is on, over the runs; 0 for one run. */
  spread: number;
  goal?: string;
  met?: boolean;
}

/**
 * The figures of every run (`--runs N`), a row per figure: the median of its values, of its
 * reference's and of its ratio, and their spread; a goal is met when the median meets it.
 */
export function rows(runs: Figure[][]): Row[] {
  const judgedRuns = runs.map(judge);
  return judgedRuns[0]!.map(({ figure }) => {
    const same = judgedRuns
      .map((run) => run.find((judged) => judged.figure.name === figure.name))
      .filter((j) => j !== undefined);
    const values = same.map((j) => j.figure.value);
    const references = same.map((j) => j.reference).filter((r) => r !== undefined);
    const ratios = same.map((j) => j.ratio).filter((r) => r !== undefined);
    const onGoal = figure.versus ? ratios : values;
    const middle = onGoal.length ? median(onGoal) : undefined;
    return {
      name: figure.name,
      unit: figure.unit,
      value: median(values),
      reference: references.length
        ? { ...references[0]!, value: median(references.map((r) => r.value)) }
        : undefined,
      missing: figure.versus && !references.length ? String(figure.versus) : undefined,
      ratio: ratios.length ? median(ratios) : undefined,
      spread:
        middle && onGoal.length > 1 ? (Math.max(...onGoal) - Math.min(...onGoal)) / Math.abs(middle) : 0,
      goal: figure.goal?.text,
      met:
        figure.goal && middle !== undefined && Number.isFinite(middle) ? figure.goal.met(middle) : undefined,
    };
  });
}

/**
 * The bench's table: figure, this run (the median of the runs), reference, ratio, their spread
 * over the runs when there were several, goal, met. `keep` picks the rows (the docs keep the goals).
 */
export function table(
  runs: Figure[][],
  { keep = () => true, missed = 'MISSED' }: { keep?: (row: Row) => boolean; missed?: string } = {},
): string {
  const several = runs.length > 1;
  return render(
    [
      'figure',
      several ? `median of ${runs.length}` : 'this run',
      'reference',
      'ratio',
      ...(several ? ['spread'] : []),
      'goal',
      '',
    ],
    rows(runs)
      .filter(keep)
      .map((row) => [
        row.name,
        `${format(row.value)} ${row.unit}`.trim(),
        row.reference
          ? `${format(row.reference.value)} ${row.reference.unit} (${row.reference.name})`.replace(
              / +\(/,
              ' (',
            )
          : row.missing
            ? `${row.missing}: not measured`
            : '',
        row.ratio === undefined ? '' : `${format(row.ratio)}×`,
        ...(several ? [row.spread ? `±${((row.spread / 2) * 100).toFixed(0)}%` : ''] : []),
        row.goal ?? '',
        row.goal ? (row.met === undefined ? 'not judged' : row.met ? 'met' : missed) : '',
      ]),
  );
}

/** A Markdown table whose columns line up in plain text too. */
export function render(header: string[], rows: string[][]): string {
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
