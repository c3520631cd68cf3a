// The platform as `npm start` runs it (each service and the gateway in its own process, on the
// same infrastructure), but in a namespace of its own: its own databases, topics and Redis keys,
// on its own ports, so a benchmark never touches the development network.
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '../../proto/src/services';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { devKeys } from '../lib/dev-keys';
import { startProcess, stopProcess, waitForHealthy, type Managed } from '../lib/processes';
import { REPO_ROOT } from '../lib/run';

// Not 4190: fetch refuses it (the Sieve port is on the Fetch standard's list of blocked ports).
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4290);

export interface BenchStack {
  run: string;
  /** The seeded admin's password (sign in as `admin`). */
  adminPassword: string;
  gatewayUrl: string;
  urls: Record<ServiceName, string>;
  databases: Record<ServiceName, string>;
  /** Before every topic name and consumer group. */
  namespace: string;
  /** Process ids of the services and the gateway, to read what each costs. */
  pids: Record<ServiceName | 'gateway', number>;
  keys: { privateKey: string; publicKey: string };
  /**
   * SIGKILLs one process, as a crash or an OOM kill would, starts it again with the same
   * environment and resolves once it is ready (the fault suite's crash scenario).
   */
  crash(name: ServiceName | 'gateway'): Promise<void>;
  /** Stops one process cleanly (SIGTERM); `resume` starts it again. */
  pause(name: ServiceName): Promise<void>;
  /** Starts a paused (or running: it is stopped first) process, its environment changed by `env`. */
  resume(name: ServiceName, env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** Limits sized for one load generator standing in for many visitors from one address. */
const BENCH_LIMITS = {
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
  RATE_LIMIT_SIGNIN_PER_MINUTE: '100000000',
  RATE_LIMIT_REGISTER_PER_HOUR: '100000000',
  MESSAGE_RATE_PER_MINUTE: '100000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '100000000',
};

export async function startBenchStack(infra: ResolvedInfra, run: string): Promise<BenchStack> {
  const keys = devKeys();
  const port = (name: ServiceName | 'gateway') =>
    name === 'gateway' ? BASE_PORT : BASE_PORT + 1 + SERVICE_NAMES.indexOf(name);
  const urls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${port(name)}`]),
  ) as Record<ServiceName, string>;
  const databases = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `bench_${run}_${name}`])) as Record<
    ServiceName,
    string
  >;
  const namespace = `bench_${run}.`;
  // The run id may be letters only (hex), and identity wants a letter and a digit.
  const adminPassword = `bench-admin-${run}-2026`;
  const gatewayUrl = `http://127.0.0.1:${port('gateway')}`;
  const common = {
    ...process.env,
    NODE_ENV: 'development' as const,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...infra.endpoints,
    ...BENCH_LIMITS,
    KAFKA_NAMESPACE: namespace,
    JWT_PUBLIC_KEY: keys.publicKey,
    PUBLIC_ORIGIN: gatewayUrl,
    SOCKET_REDIS_PREFIX: `podz:socket.io:bench:${run}`,
  };
  const launch = (name: ServiceName | 'gateway', env: NodeJS.ProcessEnv): Managed => {
    const dir = name === 'gateway' ? 'gateway' : path.join('services', name);
    const index = name === 'gateway' ? SERVICE_NAMES.length : SERVICE_NAMES.indexOf(name);
    return startProcess(name, path.join(REPO_ROOT, dir, 'dist', 'main.js'), env, index);
  };
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urls[name]]),
  );
  const environments = new Map<ServiceName | 'gateway', NodeJS.ProcessEnv>();
  const managed: Managed[] = SERVICE_NAMES.map((name) => {
    const env: NodeJS.ProcessEnv = { ...common, PORT: String(port(name)), MONGO_DB: databases[name] };
    if (name === 'identity') {
      Object.assign(env, {
        JWT_PRIVATE_KEY: keys.privateKey,
        ADMIN_EMAIL: 'admin@bench.podz.local',
        ADMIN_PASSWORD: adminPassword,
        BCRYPT_COST: '10',
      });
    }
    if (name === 'notifications')
      env.NOTIFICATIONS_LINK_SECRET = `bench-unsubscribe-links-${run}-0123456789abcdef`;
    if (name === 'catalog') env.PREMIUM_LINK_SECRET = `bench-premium-links-${run}-0123456789abcdef`;
    if (name === 'search')
      Object.assign(env, upstreams, {
        SEARCH_SNAPSHOT_DIR: path.join(os.tmpdir(), `podz-bench-${run}-search`),
      });
    environments.set(name, env);
    return launch(name, env);
  });
  environments.set('gateway', { ...common, ...upstreams, PORT: String(port('gateway')) });
  managed.push(launch('gateway', environments.get('gateway')!));
  const stop = async () => {
    for (const process_ of [...managed].reverse()) await stopProcess(process_);
  };
  try {
    await waitForHealthy(`${gatewayUrl}/healthz`, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const pids = Object.fromEntries(managed.map((m) => [m.name, m.child.pid!])) as BenchStack['pids'];
  const crash = async (name: ServiceName | 'gateway') => {
    const at = managed.findIndex((m) => m.name === name);
    managed[at]!.child.kill('SIGKILL');
    await managed[at]!.exited;
    managed[at] = launch(name, environments.get(name)!);
    pids[name] = managed[at]!.child.pid!;
    await waitForHealthy(`${name === 'gateway' ? gatewayUrl : urls[name]}/readyz`, 120_000);
  };
  const paused = new Set<ServiceName>();
  const pause = async (name: ServiceName) => {
    const at = managed.findIndex((m) => m.name === name);
    await stopProcess(managed[at]!);
    paused.add(name);
  };
  const resume = async (name: ServiceName, env: Record<string, string> = {}) => {
    if (!paused.has(name)) await pause(name);
    paused.delete(name);
    const at = managed.findIndex((m) => m.name === name);
    const changed = { ...environments.get(name)!, ...env };
    environments.set(name, changed);
    managed[at] = launch(name, changed);
    pids[name] = managed[at]!.child.pid!;
    await waitForHealthy(`${urls[name]}/readyz`, 120_000);
  };
  return {
    run,
    adminPassword,
    gatewayUrl,
    urls,
    databases,
    namespace,
    keys,
    pids,
    crash,
    pause,
    resume,
    stop,
  };
}
