// The platform as `npm start` runs it (each service and the gateway in its own process, on the
// same infrastructure), but in a namespace of its own: its own databases, topics and Redis keys,
// on its own ports, so a benchmark never touches the development network.
import os from 'node:os';
import type { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { ResponseCache } from '../../services/catalog/src/cache/response-cache';
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '../../proto/src/services';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { devKeys } from '../lib/dev-keys';
import { startProcess, stopProcess, waitForHealthy, type Managed } from '../lib/processes';
import { planInstances, type ProcessName } from '../lib/instances';
import { Handoffs, startTcpBalancer, type TcpBalancer } from '../lib/tcp-balancer';
import { ensureFfmpeg } from '../lib/ffmpeg';
import { cpuSeconds, mainThreadWakeups } from './bench-kit';

// Not 4190: fetch refuses it (the Sieve port is on the Fetch standard's list of blocked ports).
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4290);

export interface BenchStack {
  run: string;
  /** How many of every service and of the gateway run (`--instances`). */
  instances: number;
  /** The seeded admin's password (sign in as `admin`). */
  adminPassword: string;
  gatewayUrl: string;
  /** The first instance of each service. */
  urls: Record<ServiceName, string>;
  /** Every instance of each service, the first first. */
  instanceUrls: Record<ServiceName, string[]>;
  databases: Record<ServiceName, string>;
  /** Before every topic name and consumer group. */
  namespace: string;
  /** The process id of an instance (the first unless said) of a service or the gateway, as it runs now. */
  pid(name: ServiceName | 'gateway', instance?: number): number;
  /** CPU seconds used so far by every instance of a service (or of the gateway) together. */
  cpuSeconds(name: ServiceName | 'gateway'): number;
  /** Times the main threads of every instance of a service (or of the gateway) have been woken so far. */
  wakeups(name: ServiceName | 'gateway'): number;
  keys: { privateKey: string; publicKey: string };
  /**
   * SIGKILLs one process, as a crash or an OOM kill would, starts it again with the same
   * environment and resolves once it is ready (the fault suite's crash scenario).
   */
  crash(name: ServiceName | 'gateway', instance?: number): Promise<void>;
  /**
   * Starts one more instance of a service beside the stack's (on the ports after theirs, out of the
   * gateway's rotation), as a worker; resolves once it is ready. The stack stops it with the rest.
   */
  beside(name: ServiceName, env?: Record<string, string>): Promise<Managed>;
  /** Every process running now, named as in the logs (`catalog`, `catalog-2`), and where it listens. */
  processes(): { name: string; pid: number; url: string }[];
  /** Stops every instance of a service cleanly (SIGTERM); `resume` starts them again. */
  pause(name: ServiceName): Promise<void>;
  /** Starts a paused (or running: it is stopped first) service's instances, their environment changed by `env`. */
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

/** Instance k's ports start at BASE_PORT + 20·k: its gateway, then the services in order. */
const INSTANCE_PORT_STEP = 20;
/** With several gateways, each listens here past its slot (after its services), and one entry holds BASE_PORT. */
const GATEWAY_BEHIND_ENTRY = 16;

export async function startBenchStack(infra: ResolvedInfra, run: string, instances = 1): Promise<BenchStack> {
  await ensureFfmpeg();
  const keys = devKeys();
  const slots = Array.from({ length: instances }, (_, instance) => instance);
  const port = (name: ServiceName | 'gateway', instance = 0) => {
    const base = BASE_PORT + INSTANCE_PORT_STEP * instance;
    if (name !== 'gateway') return base + 1 + SERVICE_NAMES.indexOf(name);
    return instances === 1 ? base : base + GATEWAY_BEHIND_ENTRY;
  };
  const instanceUrls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, slots.map((instance) => `http://127.0.0.1:${port(name, instance)}`)]),
  ) as Record<ServiceName, string[]>;
  const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, instanceUrls[name][0]!])) as Record<
    ServiceName,
    string
  >;
  const databases = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `bench_${run}_${name}`])) as Record<
    ServiceName,
    string
  >;
  const namespace = `bench_${run}.`;
  // The run id may be letters only (hex), and identity wants a letter and a digit.
  const adminPassword = `bench-admin-${run}-2026`;
  const gatewayUrl = `http://127.0.0.1:${BASE_PORT}`;
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
  const planned = planInstances({
    count: instances,
    port,
    common,
    serviceEnv: (name) => {
      const env: Record<string, string> = { MONGO_DB: databases[name] };
      if (name === 'identity')
        Object.assign(env, {
          JWT_PRIVATE_KEY: keys.privateKey,
          ADMIN_EMAIL: 'admin@bench.podz.local',
          ADMIN_PASSWORD: adminPassword,
          BCRYPT_COST: '10',
        });
      if (name === 'notifications')
        env.NOTIFICATIONS_LINK_SECRET = `bench-unsubscribe-links-${run}-0123456789abcdef`;
      if (name === 'analytics') env.ADS_REPORT_SECRET = `bench-ads-report-links-${run}-0123456789abcdef`;
      // Catalog signs members' audio links and media checks them; media's salts follow catalog's database.
      if (name === 'catalog' || name === 'media')
        env.PREMIUM_LINK_SECRET = `bench-premium-links-${run}-0123456789abcdef`;
      if (name === 'media') env.CATALOG_DATABASE = databases.catalog;
      return env;
    },
    searchSnapshotDir: (label) => path.join(os.tmpdir(), `podz-bench-${run}-${label}`),
  });
  /** Every process, by name and instance: `managed.get('catalog')![1]` is catalog's second. */
  const managed = new Map<ProcessName, Managed[]>();
  const plannedOf = (name: ProcessName, instance: number) =>
    planned.find((candidate) => candidate.name === name && candidate.instance === instance)!;
  const handoffs = new Handoffs();
  const start = (name: ProcessName, instance: number) => {
    const p = plannedOf(name, instance);
    const running = managed.get(name) ?? [];
    const gateway = name === 'gateway';
    running[instance] = startProcess(p.label, p.entryFile, p.env, p.colour, { ipc: gateway });
    if (gateway) handoffs.watch(`127.0.0.1:${port(name, instance)}`, running[instance].child);
    managed.set(name, running);
  };
  planned.forEach((p) => start(p.name, p.instance));
  let entry: TcpBalancer | undefined;
  /** Instances started `beside` the stack's. */
  const extras: Managed[] = [];
  const stop = async () => {
    await entry?.close();
    await Promise.all(extras.map((m) => stopProcess(m)));
    await Promise.all((managed.get('gateway') ?? []).map((gateway) => stopProcess(gateway)));
    await Promise.all(SERVICE_NAMES.flatMap((name) => managed.get(name) ?? []).map((m) => stopProcess(m)));
  };
  try {
    if (instances > 1)
      entry = await startTcpBalancer(
        BASE_PORT,
        slots.map((instance) => `127.0.0.1:${port('gateway', instance)}`),
        handoffs,
      );
    // Every service ready, not only the gateway (whose health is its own): a service that cannot
    // start (a missing tool, a bad setting) fails the run here, naming it.
    await Promise.all(
      [...managed].flatMap(([name, running]) =>
        running.map((m, instance) =>
          waitForHealthy(
            `http://127.0.0.1:${port(name, instance)}/${name === 'gateway' ? 'healthz' : 'readyz'}`,
            120_000,
            m,
          ),
        ),
      ),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const pid = (name: ProcessName, instance = 0) => managed.get(name)![instance]!.child.pid!;
  const crash = async (name: ProcessName, instance = 0) => {
    const victim = managed.get(name)![instance]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    start(name, instance);
    await waitForHealthy(
      `http://127.0.0.1:${port(name, instance)}/readyz`,
      120_000,
      managed.get(name)![instance],
    );
  };
  const beside = async (name: ServiceName, env: Record<string, string> = {}) => {
    const p = plannedOf(name, 0);
    const slot = instances + extras.length;
    const extra = startProcess(
      `${p.label}-beside-${extras.length + 1}`,
      p.entryFile,
      { ...p.env, ...env, PORT: String(port(name, slot)) },
      p.colour,
    );
    extras.push(extra);
    await waitForHealthy(`http://127.0.0.1:${port(name, slot)}/readyz`, 120_000, extra);
    return extra;
  };
  const processes = () =>
    [...managed].flatMap(([name, running]) =>
      running
        .map((m, instance) => ({ m, url: `http://127.0.0.1:${port(name, instance)}` }))
        .filter(({ m }) => m.child.exitCode === null && m.child.signalCode === null)
        .map(({ m, url }) => ({ name: m.name, pid: m.child.pid!, url })),
    );
  const paused = new Set<ServiceName>();
  // Every instance, as an operator rolls a setting out: one instance left on the old setting would
  // keep the old consumer group alive or serve half the requests the old way.
  const pause = async (name: ServiceName) => {
    await Promise.all((managed.get(name) ?? []).map((m) => stopProcess(m)));
    paused.add(name);
  };
  const resume = async (name: ServiceName, env: Record<string, string> = {}) => {
    if (!paused.has(name)) await pause(name);
    paused.delete(name);
    for (const instance of slots) {
      const p = plannedOf(name, instance);
      p.env = { ...p.env, ...env };
      start(name, instance);
    }
    await Promise.all(
      slots.map((instance) =>
        waitForHealthy(`${instanceUrls[name][instance]}/readyz`, 120_000, managed.get(name)![instance]),
      ),
    );
  };
  const sumOver = (name: ProcessName, read: (pid: number) => number) =>
    (managed.get(name) ?? []).reduce(
      (sum, m) => sum + (m.child.exitCode === null ? read(m.child.pid!) : 0),
      0,
    );
  return {
    run,
    instances,
    adminPassword,
    gatewayUrl,
    urls,
    instanceUrls,
    databases,
    namespace,
    keys,
    pid,
    cpuSeconds: (name) => sumOver(name, cpuSeconds),
    wakeups: (name) => sumOver(name, mainThreadWakeups),
    crash,
    beside,
    processes,
    pause,
    resume,
    stop,
  };
}

/**
 * What earlier runs left in the store and in Redis: an interrupted run (or a harness built on this
 * stack) does not clean up. With 148 such databases and 190,000 keys, messaging and the store each
 * measured about a third more CPU per message than after emptying them (docs/performance.md).
 */
export async function leftovers(
  infra: ResolvedInfra,
  redis: Redis,
): Promise<{ databases: number; keys: number } | undefined> {
  const client = await MongoClient.connect(infra.endpoints.MONGO_URL);
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    return {
      databases: databases.filter((database) => database.name.startsWith('bench_')).length,
      keys: await redis.dbsize(),
    };
  } catch {
    // A store that does not let this user list its databases (a managed one) is not asked.
    return undefined;
  } finally {
    await client.close();
  }
}

/**
 * Drops catalog's rendered public answers as a write does: a new cache generation, and the copies
 * the gateways hold purged, so the next view of every page is rendered from the store again.
 */
export async function dropCatalogAnswers(stack: BenchStack, redis: Redis): Promise<void> {
  // Catalog's own invalidation; the TTL only matters to writes, which this makes none of.
  await new ResponseCache(redis, `catalog:${stack.databases.catalog}:responses`, 1).invalidate();
}
