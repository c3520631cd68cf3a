// Search: a mix of one- to three-word queries (exact and misspelt) through the gateway, how long a
// new show takes to be found, a full rebuild of the documents, and what the index costs in memory.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import { CatalogClient } from '../../services/search/src/clients/catalog-client';
import { IdentityClient } from '../../services/search/src/clients/identity-client';
import { DocumentStore } from '../../services/search/src/data/document-store';
import { rebuildDocuments } from '../../services/search/src/domain/rebuild-documents';
import { documentPrefix } from '../../services/search/src/search-service';
import { signIn } from '../demo/seed-demo-network';
import { atLeast, atMost, percentile, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { load } from './http-load';
import { FLOORS } from './floors';
import { cpuAtFloorRate, FLOOR_RATE, halfLoadTail } from './half-load';
import type { SeededNetwork } from './seed-network';

const PUBLISHED = 20;
const FOUND_WITHIN_MS = 30_000;
/**
 * The rebuild stores at least this many documents for each fixed answer one core gives a second:
 * it pages through catalog and identity a hundred documents a request.
 */
const REBUILD_IN_FLOOR_ANSWERS = 1;
/**
 * Gateway + search CPU per query at most this many public-GET floors: each of the two processes
 * pays about a floor before it does any work, as for a show page; a query of the in-memory index
 * costs little beside that.
 */
const SEARCH_CPU_IN_FLOORS = 2.5;

/** One letter swapped for its neighbour in the alphabet: a typo one edit away. */
const typo = (word: string, at: number) =>
  word.slice(0, at) + String.fromCharCode(((word.charCodeAt(at) - 97 + 1) % 26) + 97) + word.slice(at + 1);

/** 200 queries over the seeded names: a show's number, a word of the titles, with and without typos. */
function queries(seeded: SeededNetwork): string[] {
  const numbers = seeded.shows.map((show) => show.uId.slice(-4));
  return Array.from({ length: 200 }, (_, n) => {
    const number = numbers[(n * 37) % numbers.length]!;
    switch (n % 5) {
      case 0:
        return `show ${number}`;
      case 1:
        return `${typo('show', 2)} ${number}`;
      case 2:
        return `episode of ${number}`;
      case 3:
        return `${typo('episode', 4)} ${number}`;
      default:
        return number;
    }
  });
}

/** Resident memory of a process, in MB. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/**
 * What the embedded index itself holds at this size: built from the store in a process of its own
 * and measured after a full collection (a service's resident memory also counts its libraries and
 * whatever garbage V8 has not returned).
 */
async function indexHeapMb(redis: Redis, prefix: string): Promise<number> {
  const { host, port, db } = redis.options;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      path.join(__dirname, 'search-index-memory.ts'),
      `redis://${host}:${port}/${db ?? 0}`,
      prefix,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { heapMb: number }).heapMb;
}

export async function searchBench(stack: BenchStack, seeded: SeededNetwork, redis: Redis): Promise<Figure[]> {
  const mix = queries(seeded).map((q) => `/api/search?q=${encodeURIComponent(q)}&limit=10`);
  const result = await load(
    stack.gatewayUrl,
    {
      connections: 20,
      cpuOf: [() => stack.cpuSeconds('gateway'), () => stack.cpuSeconds('search')],
    },
    mix,
  );
  const [gatewayCpu = 0, searchCpu = 0] = result.cpuMsPerRequest;
  if (result.unexpected > 0) throw new Error(`search answered unexpectedly: ${result.breakdown}`);
  const cpuPerQuery = await cpuAtFloorRate({
    url: stack.gatewayUrl,
    paths: mix,
    cpu: () => stack.cpuSeconds('gateway') + stack.cpuSeconds('search'),
  });
  const tail = await halfLoadTail({
    name: 'search, mixed queries',
    url: stack.gatewayUrl,
    paths: mix,
    goalMs: 30,
    watch: [stack.gatewayUrl, stack.urls.search],
  });

  // New shows one after another, and how long until the search finds each (through the gateway,
  // polled every 50 ms). One at a time: search applies a show's events in order, so a show made
  // beside others would wait for theirs, and the figure would be the batch's, not a show's.
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const found: number[] = [];
  for (let n = 0; n < PUBLISHED; n += 1) {
    const word = `zephyr${stack.run.replace(/[^a-z0-9]/gi, '')}x${n}`;
    const started = performance.now();
    const res = await fetch(`${stack.gatewayUrl}/api/podcasts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Search bench ${word}`, category: 'Science' }),
    });
    if (res.status !== 201) throw new Error(`POST /api/podcasts: ${res.status}`);
    for (;;) {
      const answer = await fetch(`${stack.gatewayUrl}/api/search?q=${word}&type=shows`);
      const body = (await answer.json()) as { shows: { total: number } };
      if (body.shows.total > 0) break;
      if (performance.now() - started > FOUND_WITHIN_MS) throw new Error(`${word} not found in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    found.push(performance.now() - started);
  }

  const rebuild = await rebuildDocuments({
    documents: new DocumentStore(redis, documentPrefix(stack.databases.search)),
    catalog: new CatalogClient(stack.urls.catalog),
    identity: new IdentityClient(stack.urls.identity),
  });

  const indexMb = await indexHeapMb(redis, documentPrefix(stack.databases.search));

  return [
    { name: 'search, mixed queries, gateway, 20 conns', value: result.requestsPerSecond, unit: 'req/s' },
    { name: 'search, at full speed, p99', value: result.p99, unit: 'ms' },
    {
      name: 'search: CPU/request gateway, search',
      value: gatewayCpu,
      unit: `ms, ${searchCpu.toFixed(3)} ms`,
    },
    {
      name: `search: gateway + search CPU per query at ${FLOOR_RATE}/s`,
      value: cpuPerQuery,
      unit: 'ms',
      versus: FLOORS.get,
      goal: atMost(SEARCH_CPU_IN_FLOORS),
    },
    ...tail,
    {
      name: 'new show → searchable, p99 of 20',
      value: percentile(found, 99),
      unit: 'ms',
      goal: atMost(2000),
    },
    {
      name: 'search rebuild',
      value: rebuild.stored / rebuild.seconds,
      unit: 'documents/s',
      versus: FLOORS.getRate,
      goal: atLeast(REBUILD_IN_FLOOR_ANSWERS),
    },
    { name: 'search rebuild: documents', value: rebuild.stored, unit: '' },
    {
      name: 'search: embedded index in memory (heap, after GC)',
      value: indexMb,
      unit: 'MB',
      goal: atMost(300),
    },
    { name: 'search process memory (RSS)', value: residentMb(stack.pid('search')), unit: 'MB' },
  ];
}
