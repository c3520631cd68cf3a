import path from 'node:path';
import { REPO_ROOT, run } from './run';

/**
 * Installs Debian's ffmpeg when it is missing: media's audio pipeline runs it, and media refuses
 * to start without it (it checks the version as it starts). Quick when it is there.
 */
export function ensureFfmpeg(): Promise<void> {
  return run('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-debian.sh'), 'ffmpeg', 'ffmpeg']);
}
