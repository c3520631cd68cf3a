// What every `npm run bench:*` script shares: options, percentiles and how it ends.

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

/** Latency percentiles of the samples, as one printable line. */
export function latencyLine(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `  ${label}  p50 ${ms(at(50))}  p95 ${ms(at(95))}  p99 ${ms(at(99))}  max ${ms(sorted.at(-1)!)}`;
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

/** Runs the benchmark and exits: 0 when it finished, 1 with the error otherwise. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
