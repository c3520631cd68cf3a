// deploy/local's three-node Kafka cluster (`infra.sh up kafka3`), as the fault suite's cluster
// scenario and the soak drive it: up, down, and the process of each node to kill.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './run';

export const CLUSTER_NODES = [1, 2, 3] as const;
const base = Number(process.env.PODZ_KAFKA3_PORT ?? 9192);
export const CLUSTER_BROKERS = CLUSTER_NODES.map((n) => `127.0.0.1:${base + n - 1}`).join(',');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cluster up (also bringing back a node that was killed) or down; deploy/local's complaints are
 * shown. A start that fails is tried once more: once in a clean-clone CI run a restart exited 1
 * within seconds and did not say why.
 */
export function cluster(action: 'up' | 'down'): Promise<void> {
  const once = () =>
    run('bash', [path.join(REPO_ROOT, 'deploy', 'local', 'infra.sh'), action, 'kafka3'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  return once().catch(async (err: Error) => {
    console.error(`  ${err.message}; trying once more`);
    await sleep(2_000);
    await once();
  });
}

export function nodePid(node: number): number {
  const local = process.env.PODZ_LOCAL_DIR ?? path.join(REPO_ROOT, '.local');
  return Number(readFileSync(path.join(local, 'run', `kafka3-node-${node}.pid`), 'utf8').trim());
}

/** Resolves once the process is gone. */
export async function exited(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}
