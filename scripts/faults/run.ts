// `npm run faults`: the platform, as `npm start` runs it, while its store and its cache go away and
// come back. Each scenario prints what it saw and the recovery time, and fails the run when PODZ
// hangs, answers outside the error shape, lets a session through unchecked, or needs a restart.
//
// It stops and starts deploy/local's components, so it wants them to itself: not beside jest's
// suites or `npm run bench`. `npm test -- --with-faults` (CI) runs it before its suites, while
// SeaweedFS, the type checks and the web app are still building.
import { randomBytes } from 'node:crypto';
import { resolveInfra } from '../../deploy/local/src/resolve-infra';
import { buildServices } from '../lib/build';
import { run as runCommand } from '../lib/run';
import { startBenchStack, type BenchStack } from '../bench/bench-stack';
import { signIn } from '../demo/seed-demo-network';
import { probe, type Probe, type ProbeResult } from './probe';
import { CRASHES, crashScenario } from './crashes';
import { listenScenario } from './listens';
import { brokerClusterScenario } from './broker-cluster';
import { markedWrites } from './marked-writes';
import { sinceBegan } from '../lib/since-began';

interface Outcome {
  scenario: string;
  lines: string[];
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const infraScript = (action: 'up' | 'down', component: string) =>
  runCommand('bash', ['deploy/local/infra.sh', action, component], { stdio: 'ignore' });

/**
 * Calls `probes` every half second for `forMs`, and says which answers broke the rules: `allowed`
 * is what each probe may answer while the component is away.
 */
async function duringOutage(probes: Probe[], forMs: number): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    results.push(...(await Promise.all(probes.map((p) => probe(p)))));
    await sleep(500);
  }
  return results;
}

/** Time from the component's return until every probe answers 2xx again, or undefined after a minute. */
async function recovery(probes: Probe[]): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const results = await Promise.all(probes.map((p) => probe(p)));
    if (results.every((r) => r.status >= 200 && r.status < 300)) return Date.now() - started;
    await sleep(250);
  }
  return undefined;
}

function judge(results: ProbeResult[], problems: string[]): string[] {
  const byProbe = new Map<string, ProbeResult[]>();
  for (const result of results) byProbe.set(result.name, [...(byProbe.get(result.name) ?? []), result]);
  const lines: string[] = [];
  for (const [name, seen] of byProbe) {
    const statuses = new Map<string, number>();
    for (const r of seen) statuses.set(r.outcome, (statuses.get(r.outcome) ?? 0) + 1);
    const slowest = Math.max(...seen.map((r) => r.ms));
    lines.push(`${name}: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; slowest ${slowest} ms`);
    for (const r of seen) if (r.problem) problems.push(`${name}: ${r.problem}`);
  }
  return lines;
}

/**
 * `component` stopped for 10 s while `during` is called (each with what it may answer meanwhile),
 * then started again: the time until every probe answers 2xx, without restarting anything.
 */
async function outage(
  what: string,
  component: 'mongo' | 'redis',
  during: Probe[],
  probes: Record<string, Probe>,
): Promise<Outcome> {
  const problems: string[] = [];
  await infraScript('down', component);
  const lines = judge(await duringOutage(during, 10_000), problems);
  await infraScript('up', component);
  const recovered = await recovery(Object.values(probes));
  if (recovered === undefined) problems.push(`the services did not recover within a minute of ${what}`);
  const after = recovered === undefined ? 'never' : `${(recovered / 1000).toFixed(1)} s`;
  lines.push(`recovered ${after} after ${what} was back`);
  return { scenario: `${what} stopped for 10 s`, lines, problems };
}

/** The store (FerretDB and PostgreSQL): 503s in the error shape, no hang; cached reads may answer. */
const storeOutage = (probes: Record<string, Probe>) =>
  outage(
    'the store',
    'mongo',
    [
      { ...probes.profile!, allowed: [503] },
      { ...probes.latest!, allowed: [200, 503] },
      { ...probes.write!, allowed: [503] },
    ],
    probes,
  );

/**
 * Redis: protected routes closed with 503 (never a bypass), public reads answering, and a visitor's
 * contact form taken (its limits fail open). Each form from an address of its own, and only while
 * Redis is away: the limits count again once it is back.
 */
const cacheOutage = (probes: Record<string, Probe>, gatewayUrl: string) => {
  let form = 0;
  const contact: Probe = {
    name: 'POST /api/content/forms/contact (public)',
    url: `${gatewayUrl}/api/content/forms/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: () =>
      JSON.stringify({
        name: 'Fault suite',
        email: `visitor-${++form}-${Date.now().toString(36)}@faults.podz.local`,
        message: 'Written while Redis was away.',
      }),
    allowed: [201],
  };
  return outage(
    'Redis',
    'redis',
    [
      { ...probes.profile!, allowed: [503] },
      { ...probes.latest!, allowed: [200] },
      { ...probes.shows!, allowed: [200] },
      contact,
    ],
    probes,
  );
};

const WRITES = 1000;

/**
 * Kafka stopped for 10 s in the middle of 1,000 profile writes: every write is acknowledged (the
 * outbox keeps its event), and after the broker returns every event reaches the topic, without a
 * restart of anything.
 */
async function brokerOutage(stack: BenchStack, brokers: string, write: Probe): Promise<Outcome> {
  const problems: string[] = [];
  let back = 0;
  const writes = await markedWrites({
    write,
    count: WRITES,
    brokers,
    topic: `${stack.namespace}identity.user.v1`,
    problems,
    at: (n) =>
      n === 200
        ? infraScript('down', 'kafka').then(async () => {
            await sleep(10_000);
            await infraScript('up', 'kafka');
            back = Date.now();
          })
        : undefined,
  });
  const drained = Date.now() - writes.endedAt;
  return {
    scenario: 'Kafka stopped for 10 s during 1,000 writes',
    lines: [
      `writes acknowledged ${writes.acknowledged} of ${WRITES} in ${(writes.writingMs / 1000).toFixed(1)} s`,
      `events on the topic ${writes.published.size}; lost ${writes.lost}; published more than once ${writes.repeated}`,
      `the broker was back ${((writes.endedAt - back) / 1000).toFixed(1)} s before the last write; every event on the topic ${(drained / 1000).toFixed(1)} s after it`,
    ],
    problems,
  };
}

async function main(): Promise<void> {
  // `npm run faults -- --only=crashes,kafka`: some scenarios (store, redis, kafka, crashes, listens, kafka3).
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const run = randomBytes(3).toString('hex');
  console.log('▶ infrastructure (deploy/local: the suite stops and starts its components)');
  const infra = await resolveInfra({ ...process.env, PODZ_INFRA: 'local' }, (line) =>
    console.log(`  ${line}`),
  );
  if (Object.values(infra.components).some((component) => component.source !== 'local')) {
    throw new Error('the fault suite drives deploy/local; unset MONGO_URL, KAFKA_BROKERS and REDIS_URL');
  }
  let stack: BenchStack | undefined;
  const outcomes: Outcome[] = [];
  try {
    console.log(`▶ building at ${sinceBegan()}`);
    await buildServices();
    console.log(`▶ starting the platform at ${sinceBegan()}`);
    stack = await startBenchStack(infra, `faults_${run}`);
    const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
    const me = (await (
      await fetch(`${stack.gatewayUrl}/api/user`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as { id: string };
    const bearer = { authorization: `Bearer ${admin.token}` };
    let bio = 0;
    const probes: Record<string, Probe> = {
      profile: { name: 'GET /api/user (signed in)', url: `${stack.gatewayUrl}/api/user`, headers: bearer },
      latest: { name: 'GET /api/episodes (public)', url: `${stack.gatewayUrl}/api/episodes?page=1&limit=10` },
      shows: {
        name: 'GET /api/podcasts/all-podcasts (public)',
        url: `${stack.gatewayUrl}/api/podcasts/all-podcasts?limit=12`,
      },
      write: {
        name: 'PATCH /api/users/{id} (a write)',
        url: `${stack.gatewayUrl}/api/users/${me.id}`,
        method: 'PATCH',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: () => JSON.stringify({ bio: `fault suite ${++bio}` }),
      },
    };
    const ready = await recovery(Object.values(probes));
    if (ready === undefined) throw new Error('the platform did not answer every probe before any fault');
    const brokers = infra.endpoints.KAFKA_BROKERS;
    const scenarios: Record<string, [string, () => Promise<Outcome>]> = {
      store: ['the store away', () => storeOutage(probes)],
      redis: ['Redis away', () => cacheOutage(probes, stack!.gatewayUrl)],
      kafka: ['Kafka away during writes', () => brokerOutage(stack!, brokers, probes.write!)],
      crashes: [
        `every service killed ${CRASHES} times during writes`,
        async () => ({
          scenario: `each service SIGKILLed ${CRASHES} times while writes with events were in flight`,
          ...(await crashScenario(stack!, brokers, infra.endpoints.MONGO_URL, {
            token: admin.token,
            id: me.id,
          })),
        }),
      ],
      listens: [
        'media and analytics killed while listens stream',
        async () => ({
          scenario:
            'media SIGKILLed 10 times during downloads, then analytics 10 times while it applies them',
          ...(await listenScenario(stack!, { token: admin.token })),
        }),
      ],
    };
    for (const [name, [title, scenario]] of Object.entries(scenarios)) {
      if (only && !only.includes(name)) continue;
      console.log(`▶ ${title} at ${sinceBegan()}`);
      outcomes.push(await scenario());
    }
    if (!only || only.includes('kafka3')) {
      // A platform of its own on the three-node cluster, on the same ports: this one stops first.
      await stack.stop();
      stack = undefined;
      console.log(
        `▶ a Kafka node SIGKILLed, then another restarted, during writes (3 nodes, RF 3, min ISR 2) at ${sinceBegan()}`,
      );
      outcomes.push({
        scenario: 'Kafka cluster: a node SIGKILLed during 1,000 writes, then another restarted',
        ...(await brokerClusterScenario(infra, run)),
      });
    }
  } finally {
    await stack?.stop();
    await infra.stop();
  }
  console.log(`\nFault suite (${sinceBegan()})`);
  for (const outcome of outcomes) {
    console.log(`  ${outcome.problems.length ? '✖' : '✓'} ${outcome.scenario}`);
    for (const line of outcome.lines) console.log(`      ${line}`);
    for (const problem of outcome.problems.slice(0, 10)) console.log(`      ✖ ${problem}`);
  }
  if (outcomes.some((outcome) => outcome.problems.length)) process.exit(1);
}

main().catch((err: Error) => {
  console.error(`\n✖ ${err.message}`);
  process.exit(1);
});
