import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** A port that was free a moment ago, for a child process that cannot report the one it bound. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ProcessRun {
  health: { status: number; body: unknown };
  ready: { status: number; body: unknown };
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** A service's real entry point running as its own process, answering on `url`. */
export interface ServiceChild {
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `src/main.ts` of a service as its own process and waits until it answers `/healthz`. */
export async function spawnService(
  entry: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 45_000,
): Promise<ServiceChild & { health: ProcessRun['health'] }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let health: ProcessRun['health'] | undefined;
  while (!health && Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/healthz`);
      health = { status: res.status, body: await res.json() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  if (!health) {
    await kill('SIGKILL');
    throw new Error(
      `${path.basename(path.dirname(path.dirname(entry)))} never answered /healthz:\n${output.slice(-3000)}`,
    );
  }
  return { url, health, output: () => output, kill };
}

/**
 * Runs a service's real entry point (`src/main.ts`) as its own process, waits until it answers
 * `/healthz`, reads `/healthz` and `/readyz`, then sends SIGTERM and waits for it to exit.
 */
export async function runServiceProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 45_000,
): Promise<ProcessRun> {
  const child = await spawnService(entry, env, timeoutMs);
  const readyRes = await fetch(`${child.url}/readyz`);
  const ready = { status: readyRes.status, body: await readyRes.json() };
  const { code, signal } = await child.kill('SIGTERM');
  return { health: child.health, ready, exitCode: code, signal, output: child.output() };
}
