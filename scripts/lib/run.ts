import { spawn, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Runs a command to completion with the terminal attached; rejects, naming it, if it fails. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Runs a command with its output going to a log file instead of the terminal (for work done in the
 * background beside other steps); rejects, naming it and the log, if it fails.
 */
export async function runLogged(command: string, args: string[], logFile: string): Promise<void> {
  const fd = openSync(logFile, 'a');
  try {
    await run(command, args, { stdio: ['ignore', fd, fd] });
  } catch (err) {
    // The log may be gone with the machine (CI): its end goes into the error.
    const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-30).join('\n');
    throw new Error(`${(err as Error).message}; the end of ${path.relative(REPO_ROOT, logFile)}:\n${tail}`);
  } finally {
    closeSync(fd);
  }
}
