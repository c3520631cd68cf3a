// Several instances of every process on one machine, as `npm start`, the bench and the soak run
// them: how each is named, which port it takes, what it is told about the others, and how many.
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '../../proto/src/services';
import { REPO_ROOT } from './run';

export type ProcessName = ServiceName | 'gateway';

/** As the logs name it: `catalog` for the first instance, `catalog-2` for the second. */
export const instanceLabel = (name: string, instance: number) =>
  instance === 0 ? name : `${name}-${instance + 1}`;

/** The process an instance's label names: `catalog-2` → `catalog`. */
export const processOfLabel = (label: string) => label.replace(/-\d+$/, '');

/** A command-line value, `--name 3` or `--name=3`, else undefined. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return argv[at]!.includes('=') ? argv[at]!.slice(name.length + 1) : argv[at + 1];
}

/** `--instances N`, else the fallback (an environment variable's value), else 1. */
export function instancesWanted(argv: readonly string[], fallback: string | undefined, max: number): number {
  const raw = flagValue(argv, '--instances') ?? fallback;
  if (raw === undefined) return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw new Error(`--instances wants a whole number from 1 to ${max}, not "${raw}"`);
  return count;
}

export interface PlannedProcess {
  name: ProcessName;
  instance: number;
  label: string;
  entryFile: string;
  env: NodeJS.ProcessEnv;
  /** Its colour in the interleaved log: one per process name. */
  colour: number;
}

export interface InstancesPlan {
  count: number;
  /** Where instance k of a process listens. */
  port: (name: ProcessName, instance: number) => number;
  /** What every process is given. */
  common: NodeJS.ProcessEnv;
  /** What one service instance adds: its database, its secrets. */
  serviceEnv: (name: ServiceName, instance: number) => Record<string, string | undefined>;
  /** Search's index snapshot directory, one per instance. */
  searchSnapshotDir: (label: string) => string;
}

/**
 * What every Node process is run with unless the caller says otherwise. glibc gives each thread
 * that allocates its own malloc arena and keeps what is freed in it; the hour's soak saw two
 * processes' RSS swing by 30 MB with their heaps flat. Two arenas bound that (the Dockerfiles set
 * the same).
 */
export const RUNTIME_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/**
 * Every process to start, instance by instance: each service, then that instance's gateway. The
 * gateways, search and catalog (media) reach every instance of each service they call, in turn,
 * through comma-separated `<SERVICE>_URL` lists (kit `serviceUrls`).
 */
export function planInstances(plan: InstancesPlan): PlannedProcess[] {
  const common = { ...RUNTIME_ENV, ...plan.common };
  const instances = Array.from({ length: plan.count }, (_, instance) => instance);
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      `${name.toUpperCase()}_URL`,
      instances.map((instance) => `http://127.0.0.1:${plan.port(name, instance)}`).join(','),
    ]),
  );
  return instances.flatMap((instance) => [
    ...SERVICE_NAMES.map((name, colour): PlannedProcess => {
      const label = instanceLabel(name, instance);
      const env: NodeJS.ProcessEnv = {
        ...common,
        ...plan.serviceEnv(name, instance),
        PORT: String(plan.port(name, instance)),
      };
      if (name === 'search')
        Object.assign(env, upstreams, { SEARCH_SNAPSHOT_DIR: plan.searchSnapshotDir(label) });
      // Catalog asks media about the uploads a show or episode names, ads about a creative's.
      if (name === 'catalog' || name === 'ads') env.MEDIA_URL = upstreams.MEDIA_URL;
      return { name, instance, label, entryFile: entryFile(name), env, colour };
    }),
    {
      name: 'gateway',
      instance,
      label: instanceLabel('gateway', instance),
      entryFile: entryFile('gateway'),
      env: { ...common, ...upstreams, PORT: String(plan.port('gateway', instance)) },
      colour: SERVICE_NAMES.length,
    },
  ]);
}

const entryFile = (name: ProcessName) =>
  path.join(REPO_ROOT, name === 'gateway' ? 'gateway' : path.join('services', name), 'dist', 'main.js');
