import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The lowest port the kernel hands to outgoing connections (Linux says; 32768 elsewhere). */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port that was free a moment ago, for a server that must know its port long before it listens
 * (a child process that cannot report the one it bound, an origin the services are started
 * with). Below the range the kernel gives outgoing connections, so none of the many connections
 * opened in the meantime can take it.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 20_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
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
