import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { processOfLabel } from './instances';
import { prettyLine } from './pretty-log';
import { REPO_ROOT } from './run';

export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const COLORS = [36, 35, 33, 32, 34, 91];

/** Children still running: none outlives this process, however it ends short of SIGKILL. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Array buffers swept on the main thread, in every process (the images' commands say it too). V8
 * counts the external memory allocated since the last full collection against the old generation's
 * limit, and lowers the count only once a helper thread has swept the buffers a scavenge freed. With
 * a dozen processes on two cores that helper waits for a core: the gateway, whose audio passes
 * through a few hundred MB of buffers a second, fell at random into about eight full collections a
 * second and twice the CPU per request (docs/performance.md, "The collector's helper threads").
 */
export const NODE_FLAGS = ['--no-concurrent-array-buffer-sweeping'];

/** Shows a child's output and errors line by line, each after its name in a colour of its own. */
export function showLines(child: ChildProcess, name: string, index: number): void {
  const prefix = `\x1b[${COLORS[index % COLORS.length]}m${name.padEnd(9)}\x1b[0m│ `;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) =>
      process.stdout.write(`${prefix}${prettyLine(line)}\n`),
    );
  }
}

/**
 * Starts a Node process whose output is shown line by line, prefixed with its name; with `ipc`, over
 * a channel too (a gateway behind the local entry takes its connections that way).
 */
export function startProcess(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  index: number,
  { ipc = false } = {},
): Managed {
  // PODZ_CPU_PROF_DIR: each process writes a V8 CPU profile there when it stops (Node refuses
  // --cpu-prof in NODE_OPTIONS), to open in Chrome DevTools or speedscope.
  const profile = env.PODZ_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.PODZ_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...profile, ...extraFlags(name, env), entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  showLines(child, name, index);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { name, child, exited };
}

/**
 * PODZ_NODE_FLAGS: more Node or V8 flags, space-separated, for a look inside (`--trace-gc`, most of
 * them refused in NODE_OPTIONS); PODZ_NODE_FLAGS_FOR: the processes that get them, by name
 * (`gateway,catalog`; every instance of each), or every process when unset.
 */
function extraFlags(label: string, env: NodeJS.ProcessEnv): string[] {
  const flags = env.PODZ_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const only = env.PODZ_NODE_FLAGS_FOR?.split(',');
  return only && !only.includes(processOfLabel(label)) ? [] : flags;
}

/** Asks a process to stop (SIGTERM, its clean shutdown) and kills it if it has not within the grace period. */
export async function stopProcess(managed: Managed, graceMs = 15_000): Promise<void> {
  if (managed.child.exitCode !== null || managed.child.signalCode !== null) return;
  managed.child.kill('SIGTERM');
  const timer = setTimeout(() => managed.child.kill('SIGKILL'), graceMs);
  await managed.exited;
  clearTimeout(timer);
}

/**
 * Resolves when `url` answers 200, or rejects after the timeout with the last answer seen; at once
 * if `process`, the one meant to answer, has exited (its own log says why).
 */
export async function waitForHealthy(url: string, timeoutMs: number, process?: Managed): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = process?.child ?? {};
    if (process && (exitCode !== null || signalCode !== null))
      throw new Error(`${process.name} exited (${signalCode ?? `exit ${exitCode}`}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    // Often: a restarted service is back in about two seconds, and a probe costs next to nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not healthy after ${timeoutMs / 1000} s (last: ${last})`);
}
