import { spawnSync } from 'node:child_process';
import path from 'node:path';

const INFRA = path.resolve(__dirname, '../../../../deploy/local/infra.sh');

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
 * started with deploy/local (a missing server is started, never skipped) and stopped afterwards
 * only when it was started here. `stopNow`/`startAgain` let a suite take it away mid-test.
 */
export function useOptionalComponent(component: OptionalComponent) {
  let startedHere = false;
  const infra = (action: 'up' | 'down') => {
    const run = spawnSync('bash', [INFRA, action, component.name], {
      encoding: 'utf8',
      timeout: component.startTimeoutMs,
    });
    if (run.status !== 0) {
      const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(
        `infra.sh ${action} ${component.name} failed (${run.error?.message ?? `exit ${run.status}`}):\n${output}`,
      );
    }
  };
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
      startedHere = true;
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
