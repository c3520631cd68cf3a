import { spawnSync } from 'node:child_process';

/**
 * True when a Docker engine answers. The `docker` command alone proves nothing: on machines
 * without an engine it is only a client, so ask the engine itself, briefly.
 */
export function isDockerEngineReachable(): boolean {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    timeout: 5000,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 && result.stdout.trim().length > 0;
}
