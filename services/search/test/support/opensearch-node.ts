import { spawnSync } from 'node:child_process';
import path from 'node:path';

const INFRA = path.resolve(__dirname, '../../../../deploy/local/infra.sh');
/** The first start resolves OpenSearch's jars from Maven Central and compiles the launcher. */
const START_TIMEOUT_MS = 9 * 60_000;

/** The node the OpenSearch suite uses: OPENSEARCH_URL, or deploy/local's on its port. */
export const openSearchUrl = () =>
  process.env.OPENSEARCH_URL ?? `http://127.0.0.1:${process.env.PODZ_OPENSEARCH_PORT ?? 9200}`;

async function answers(url: string): Promise<boolean> {
  const res = await fetch(`${url}/_cluster/health`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
  return res?.ok ?? false;
}

function infra(action: 'up' | 'down'): void {
  const run = spawnSync('bash', [INFRA, action, 'opensearch'], {
    encoding: 'utf8',
    timeout: START_TIMEOUT_MS,
  });
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(
      `infra.sh ${action} opensearch failed (${run.error?.message ?? `exit ${run.status}`}):\n${output}`,
    );
  }
}

/**
 * Finds the OpenSearch node or starts one with deploy/local (a missing server is started, never
 * skipped); stops it afterwards only when it started it.
 */
export function useOpenSearch() {
  let startedHere = false;
  return {
    async start(): Promise<void> {
      const url = openSearchUrl();
      if (await answers(url)) return;
      if (process.env.OPENSEARCH_URL) throw new Error(`OPENSEARCH_URL=${url} does not answer`);
      infra('up');
      startedHere = true;
      if (!(await answers(url)))
        throw new Error(`OpenSearch started by deploy/local does not answer at ${url}`);
    },
    async stop(): Promise<void> {
      if (startedHere) infra('down');
    },
  };
}
