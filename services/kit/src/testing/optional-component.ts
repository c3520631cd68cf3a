import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INFRA = path.resolve(__dirname, '../../../../deploy/local/infra.sh');

/** Where a test run's suites note the servers they started (one empty file per server). */
const startedDir = (run: string) => path.join(tmpdir(), `podz-test-run-${run}`, 'started');

function runInfra(action: 'up' | 'down', name: string, timeoutMs: number): void {
  const run = spawnSync('bash', [INFRA, action, name], { encoding: 'utf8', timeout: timeoutMs });
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(
      `infra.sh ${action} ${name} failed (${run.error?.message ?? `exit ${run.status}`}):\n${output}`,
    );
  }
}

/**
 * Stops the servers this run's suites started (jest's global teardown calls it): not each suite
 * at its end, since suites running side by side share them, and the next suite needing one finds
 * it up.
 */
export function stopComponentsStartedBy(run: string): void {
  const dir = startedDir(run);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) runInfra('down', name, 120_000);
  rmSync(path.dirname(dir), { recursive: true, force: true });
}

export interface OptionalComponent {
  /** Its name for `deploy/local/infra.sh` (`opensearch`, `s3`). */
  name: string;
  /** Where the suite finds it: the configured URL, or deploy/local's default. */
  url: () => string;
  /** Set when the URL was configured, so a server that does not answer fails instead of starting one. */
  configured: () => boolean;
  /** Whether the server at the URL answers now. */
  answers: (url: string) => Promise<boolean>;
  /** The first start downloads and builds it. */
  startTimeoutMs: number;
}

/**
 * A server only some suites need (not one of the four `npm test` starts): found at its URL, or
 * started with deploy/local (a missing server is started, never skipped) and stopped when the run
 * ends only when the run started it. `stopNow`/`startAgain` let a suite take it away mid-test.
 */
export function useOptionalComponent(component: OptionalComponent) {
  // Set when a test run's global setup named the run; a suite run some other way stops what it started.
  const run = process.env.PODZ_TEST_RUN;
  let startedHere = false;
  const infra = (action: 'up' | 'down') => runInfra(action, component.name, component.startTimeoutMs);
  const up = async () => {
    infra('up');
    const url = component.url();
    if (!(await component.answers(url)))
      throw new Error(`${component.name} started by deploy/local does not answer at ${url}`);
  };
  return {
    async start(): Promise<void> {
      const url = component.url();
      if (await component.answers(url)) return;
      if (component.configured()) throw new Error(`${component.name} at ${url} does not answer`);
      await up();
      if (run) {
        mkdirSync(startedDir(run), { recursive: true });
        writeFileSync(path.join(startedDir(run), component.name), '');
      } else startedHere = true;
    },
    async stop(): Promise<void> {
      if (startedHere) infra('down');
    },
    /** Stops deploy/local's server for a while; a configured one is not this suite's to stop. */
    stopNow(): void {
      if (component.configured())
        throw new Error(`${component.name} is configured at ${component.url()}; the suite cannot stop it`);
      infra('down');
    },
    startAgain: up,
  };
}
