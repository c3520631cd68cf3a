// `npm run bench [-- --small]`: the platform under load at a real network's size. Starts the whole
// stack in a namespace of its own, seeds 1,000 shows, 20,000 episodes, 10,000 users and 2,000
// conversations in bulk (events included), waits until every consumer has caught up, runs every
// benchmark and prints one table: each figure beside its goal, and the store it ran on. `--small`
// seeds a tenth of that, for a quick look; `--only=<groups>` runs some of the figures;
// `--instances=N` runs N of every service and of the gateway, behind one entry; `--runs=N` runs the
// whole suite N times and reports each figure's median and spread; `--docs` writes the table of
// goals into docs/performance.md. Every goal is a ratio to something measured in the same run
// (bench-kit.ts). Everything it made is removed at the end.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Collection, Document } from 'mongodb';
import { sessionKeys } from '../../proto/src/session';
import { resolveInfra, type ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import {
  connectMongo,
  createKafka,
  createLogger,
  SessionRevocations,
  signSessionToken,
  type Logger,
} from '../../services/kit/src';
import { buildServices } from '../lib/build';
import { consumerLag } from '../lib/consumer-lag';
import { signIn } from '../demo/seed-demo-network';
import {
  atLeast,
  atMost,
  concurrently,
  machinePace,
  percentile,
  storeCpuSeconds,
  table,
  untilQuiet,
  type Figure,
} from './bench-kit';
import { dropCatalogAnswers, leftovers, startBenchStack, type BenchStack } from './bench-stack';
import { EVENT_APPLIED, eventLag } from './event-lag';
import { load, type LoadResult } from './http-load';
import { FLOORS } from './floors';
import { halfLoadTail } from './half-load';
import { positionsBench } from './positions';
import { startNginx } from './reference-nginx';
import { AUDIO_EPISODE_SECONDS, audioBench, prepareEpisodes } from './audio';
import { listensBench } from './listens';
import { releaseBench } from './releases';
import { messagingBench } from './messaging';
import { notificationsBench } from './notifications';
import {
  BENCH_PASSWORD,
  REAL_NETWORK,
  seedNetwork,
  type NetworkSize,
  type SeededNetwork,
} from './seed-network';
import { episodePages } from './episode-pages';
import { pageViews } from './page-views';
import { buildWebOnce, firstLoad } from './web-first-load';
import { flagValue, instancesWanted } from '../lib/instances';
import { searchBench } from './search';
import { premiumBench, PUBLIC_FEED_COLD } from './premium';
import { replayBench } from './replay';
import { machine, writeFiguresDoc } from './figures-doc';
import { floorsBench } from './floors';
import { DAY, networkDayBench } from './network-day';
import { pipelineBench } from './pipeline';
import { insertionBench, prepareInsertion } from './insertion';
import { sinceBegan } from '../lib/since-began';

const small = process.argv.includes('--small');
const INSTANCES = instancesWanted(process.argv, undefined, 4);
const RUNS = runsWanted(process.argv);
/** Gateway + catalog CPU per show page at 250/s, at most this many public-GET floors. */
const SHOW_PAGE_CPU_IN_FLOORS = 2.5;
/**
 * Feed answers per CPU-second, gateway and catalog together, at least this share of nginx's: both
 * come from the gateway's edge cache through Node's HTTP stack, which costs several times what
 * nginx's C does; a 304 is a smaller answer, on which that fixed cost weighs more.
 */
const FEED_ANSWERS_VERSUS_NGINX = 0.3;
const FEED_304S_VERSUS_NGINX = 0.2;
/**
 * Messaging's CPU per message at most this many signed-in-POST floors: a message is a signed-in
 * POST that also writes the message, updates the conversation and pushes to the recipient.
 */
const MESSAGE_CPU_IN_FLOORS = 4;
/**
 * An event through the outbox (written with its document, published by the relay) on the topic
 * within this many times a write followed by a direct send, p99; applied by a consumer (its
 * handled-event record written) within this many.
 */
const EVENT_TO_TOPIC_IN_DIRECT_SENDS = 3;
const EVENT_APPLIED_IN_DIRECT_SENDS = 6;
/** A whole run (every group, the real network), stack start to clean-up, at most this long. */
const RUN_MINUTES = 20;
const SIZE: NetworkSize = small
  ? { users: 1_000, shows: 100, episodes: 2_000, conversations: 200, bigShowEpisodes: 1_000 }
  : REAL_NETWORK;
// `--only show-pages,messaging` runs some groups after the seed, for a quick look at one figure.
const GROUPS = [
  'replay',
  'catalog',
  'show-pages',
  'episode-pages',
  'rss',
  'sign-in',
  'messaging',
  'notifications',
  'events',
  'web',
  'audio',
  'listens',
  'releases',
  'search',
  'positions',
  'day',
  'premium',
  'pipeline',
  'insertion',
  'floors',
] as const;
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const only = new Set(onlyArg ? onlyArg.split(',') : GROUPS);
for (const group of only) {
  if (!(GROUPS as readonly string[]).includes(group)) {
    throw new Error(`--only: unknown group "${group}" (groups: ${GROUPS.join(', ')})`);
  }
}
const runs = (group: (typeof GROUPS)[number]) => only.has(group);
/** Groups with figures that are ratios to the floors: the floors run with them. */
const NEEDS_FLOORS = new Set<string>([
  'catalog',
  'show-pages',
  'episode-pages',
  'messaging',
  'notifications',
  'search',
  'positions',
]);

/** `--runs N`: the whole suite N times, each on a stack and a seed of its own. */
function runsWanted(argv: readonly string[]): number {
  const raw = flagValue(argv, '--runs') ?? '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 9)
    throw new Error(`--runs wants 1 to 9, not "${raw}"`);
  return count;
}
const say = (line: string) => console.log(line);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Announces a stage once the machine is quiet, saying how long that took when it was not at once. */
async function stage(title: string): Promise<void> {
  const waited = await untilQuiet();
  const quiet = waited > 2 ? ` (machine quiet after ${waited.toFixed(1)} s)` : '';
  say(`▶ ${title}${quiet} at ${sinceBegan()}`);
}

/** When the outboxes were drained and when each consumer group had read to the end, in seconds. */
interface CatchUp {
  published: number;
  groups: Map<string, number>;
}

/** Until every outbox in the stack is published and every consumer group has read to the end. */
async function caughtUp(stack: BenchStack, infra: ResolvedInfra, logger: Logger): Promise<CatchUp> {
  const kafka = createKafka('bench', infra.endpoints.KAFKA_BROKERS.split(','), logger);
  const admin = kafka.admin();
  await admin.connect();
  const dbs = await Promise.all(
    Object.values(stack.databases).map((database) =>
      connectMongo({ url: infra.endpoints.MONGO_URL, database, logger }),
    ),
  );
  const started = performance.now();
  const caught: CatchUp = { published: Number.NaN, groups: new Map() };
  // Whether a collection keeps an outbox (it has the flag's index): a probe of one without it reads
  // the whole collection for nothing, every second. Only a yes is kept (an index may come later).
  const outboxes = new Set<string>();
  const keepsOutbox = async (db: (typeof dbs)[number], name: string) => {
    const key = `${db.name}.${name}`;
    if (outboxes.has(key)) return true;
    const indexes = await db.collection(name).indexes();
    if (indexes.some((index) => 'outboxPending' in index.key)) outboxes.add(key);
    return outboxes.has(key);
  };
  try {
    const deadline = Date.now() + 15 * 60_000;
    let told = 0;
    while (Date.now() < deadline) {
      // Collections with anything pending, each asked for one document: a count would make the
      // store decode the whole backlog every second, slowing the catch-up it measures.
      let pending = 0;
      for (const db of dbs) {
        for (const name of (await db.db!.listCollections().toArray()).map((c) => c.name)) {
          if (!(await keepsOutbox(db, name))) continue;
          const one = await db.collection(name).findOne({ outboxPending: true }, { projection: { _id: 1 } });
          if (one) pending += 1;
        }
      }
      if (pending === 0 && Number.isNaN(caught.published)) caught.published = seconds(started);
      const lags = await consumerLag(admin, stack.namespace);
      let lag = 0;
      for (const [groupId, behind] of lags) {
        // A group is caught up once it has read to the end with nothing left to publish.
        if (behind > 0 || pending > 0) caught.groups.delete(groupId);
        else if (!caught.groups.has(groupId)) caught.groups.set(groupId, seconds(started));
        lag += behind;
      }
      if (pending === 0 && lag === 0 && lags.size > 0) return caught;
      if (seconds(started) - told >= 30) {
        told = seconds(started);
        const behind = [...lags].filter(([, count]) => count > 0);
        say(
          `  waiting ${told.toFixed(0)} s for the consumers: ${pending} collections with outboxes pending; ` +
            (behind
              .map(([groupId, count]) => `${groupId.slice(stack.namespace.length)} ${count} behind`)
              .join(', ') || 'every group at the end'),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error('the consumers did not catch up within 15 minutes');
  } finally {
    await Promise.all(dbs.map((db) => db.close()));
    await admin.disconnect();
  }
}

/**
 * Catalog's list reads through the gateway (its edge cache) and straight to catalog, flat out: the
 * CPU each read costs against the public-GET floor, the gateway against going direct, and the tail
 * at half of full speed.
 */
async function catalogReads(stack: BenchStack): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, path] of [
    ['latest episodes', '/api/episodes?page=1&limit=10'],
    ['all-podcasts', '/api/podcasts/all-podcasts?limit=12'],
  ] as const) {
    const cpuOf = [() => stack.cpuSeconds('gateway'), () => stack.cpuSeconds('catalog')];
    const gateway = await load(`${stack.gatewayUrl}${path}`, { cpuOf });
    const direct = await load(`${stack.urls.catalog}${path}`);
    for (const [where, result] of [
      ['gateway', gateway],
      ['catalog', direct],
    ] as const) {
      if (result.unexpected) throw new Error(`${label} through ${where}: ${result.breakdown}`);
    }
    figures.push(
      { name: `${label}, gateway, 20 conns`, value: gateway.requestsPerSecond, unit: 'req/s' },
      { name: `${label}, straight to catalog`, value: direct.requestsPerSecond, unit: 'req/s' },
      {
        name: `${label}, gateway ÷ direct`,
        value: gateway.requestsPerSecond / direct.requestsPerSecond,
        unit: '×',
        goal: atLeast(0.8),
      },
      {
        name: `${label}, gateway + catalog CPU per read, flat out`,
        value: gateway.cpuMsPerRequest.reduce((sum, ms) => sum + ms, 0),
        unit: 'ms',
      },
      ...(await halfLoadTail({
        name: `${label}, gateway`,
        url: `${stack.gatewayUrl}${path}`,
        goalMs: 50,
        watch: [stack.gatewayUrl, stack.urls.catalog],
      })),
    );
  }
  return figures;
}

/**
 * Visitors opening show pages: the show by name with its first page of episodes (one read, as the
 * web app asks; two in a row before 2026-11-28), over every seeded show (page-views.ts says how the
 * views are paced and measured).
 */
function showPages(stack: BenchStack, seeded: SeededNetwork, redis: Redis): Promise<Figure[]> {
  return pageViews(stack, redis, {
    setup: { gatewayUrl: stack.gatewayUrl, page: 'show', showNames: seeded.shows.map((show) => show.uId) },
    label: 'show page data (1 read)',
    short: 'show pages',
    cpuGoal: SHOW_PAGE_CPU_IN_FLOORS,
  });
}

/**
 * The 1,000-episode show's feed: rendered cold from the store, then as podcast apps poll it through
 * the gateway (its edge cache), whole and revalidated (`If-None-Match` → 304), against nginx
 * serving the same feed as a file with its own ETag. The goals are answers per CPU-second.
 */
async function feeds(stack: BenchStack, seeded: SeededNetwork, redis: Redis): Promise<Figure[]> {
  const path = `/shows/${seeded.bigShow.uId}/feed.xml`;
  const cold: number[] = [];
  for (let n = 0; n < 7; n += 1) {
    // A new cache generation: the next request renders the feed from the store again.
    await dropCatalogAnswers(stack, redis);
    const started = performance.now();
    const res = await fetch(`${stack.urls.catalog}${path}`);
    await res.text();
    if (res.status !== 200) throw new Error(`feed: ${res.status}`);
    cold.push(performance.now() - started);
  }
  const feed = await fetch(`${stack.gatewayUrl}${path}`);
  const etag = feed.headers.get('etag')!;
  const podz = [() => stack.cpuSeconds('gateway'), () => stack.cpuSeconds('catalog')];
  const warm = await load(`${stack.gatewayUrl}${path}`, { cpuOf: podz });
  const revalidated = await load(`${stack.gatewayUrl}${path}`, {
    headers: { 'if-none-match': etag },
    status: 304,
    also: 200,
    cpuOf: podz,
  });
  const nginx = await startNginx({ 'feed.xml': await feed.text() });
  let reference: { warm: LoadResult; revalidated: LoadResult };
  try {
    const url = `${nginx.url}/feed.xml`;
    const nginxEtag = (await fetch(url)).headers.get('etag')!;
    reference = {
      warm: await load(url, { cpuOf: [nginx.cpuSeconds] }),
      revalidated: await load(url, {
        headers: { 'if-none-match': nginxEtag },
        status: 304,
        cpuOf: [nginx.cpuSeconds],
      }),
    };
  } finally {
    await nginx.stop();
  }
  for (const result of [warm, revalidated, reference.warm, reference.revalidated]) {
    if (result.unexpected) throw new Error(`feed: ${result.breakdown}`);
  }
  const perCpuSecond = (result: LoadResult) => 1000 / result.cpuMsPerRequest.reduce((sum, ms) => sum + ms, 0);
  return [
    {
      name: 'RSS, 1,000-episode show, cold render p50',
      value: percentile(cold, 50),
      unit: 'ms',
      key: PUBLIC_FEED_COLD,
    },
    { name: 'RSS, 1,000-episode show, through the gateway, p50', value: warm.p50, unit: 'ms' },
    { name: 'RSS, through the gateway, 20 conns', value: warm.requestsPerSecond, unit: 'req/s' },
    { name: 'RSS, from nginx, 20 conns', value: reference.warm.requestsPerSecond, unit: 'req/s' },
    {
      name: 'RSS, 200s per CPU-second, gateway + catalog',
      value: perCpuSecond(warm),
      unit: '/s',
      versus: { name: 'nginx', value: perCpuSecond(reference.warm), unit: '/s' },
      goal: atLeast(FEED_ANSWERS_VERSUS_NGINX),
    },
    {
      name: 'RSS with If-None-Match → 304, through the gateway',
      value: revalidated.requestsPerSecond,
      unit: 'req/s',
    },
    {
      name: 'RSS 304s per CPU-second, gateway + catalog',
      value: perCpuSecond(revalidated),
      unit: '/s',
      versus: { name: 'nginx', value: perCpuSecond(reference.revalidated), unit: '/s' },
      goal: atLeast(FEED_304S_VERSUS_NGINX),
    },
  ];
}

/** NextAuth's credentials sign-in through the gateway, as the web app does it, at bcrypt cost 10. */
async function signIns(stack: BenchStack, seeded: SeededNetwork): Promise<Figure[]> {
  const latencies: number[] = [];
  const origin = stack.gatewayUrl;
  const started = performance.now();
  await concurrently(10, 200, async (n) => {
    const user = seeded.users[n % seeded.users.length]!;
    const begun = performance.now();
    await signIn(origin, user.username, BENCH_PASSWORD);
    latencies.push(performance.now() - begun);
  });
  return [
    { name: 'sign-ins (bcrypt 10), 10 concurrent', value: 200 / seconds(started), unit: '/s' },
    { name: 'sign-in p99', value: percentile(latencies, 99), unit: 'ms' },
  ];
}

async function messaging(stack: BenchStack, seeded: SeededNetwork, redis: Redis): Promise<Figure[]> {
  const revocations = new SessionRevocations(redis);
  const members = seeded.users.slice(0, 1_000).map((user) => ({
    id: user.id,
    token: signSessionToken(
      { id: user.id, username: user.username, role: 'user', access: ['user'], sessionVersion: 0 },
      stack.keys.privateKey,
      3600,
    ),
  }));
  await concurrently(50, members.length, async (n) => {
    await revocations.recordVersion(members[n]!.id, 0);
  });
  // With several instances, every message is sent to the first and pushed from the last: each
  // push crosses instances through the Redis adapter.
  const result = await messagingBench(stack.urls.messaging, members, {
    messages: 1_000,
    senders: 50,
    cpuSeconds: () => stack.cpuSeconds('messaging'),
    wakeups: () => stack.wakeups('messaging'),
    storeCpuSeconds,
    socketsUrl: stack.instanceUrls.messaging.at(-1),
  });
  const storeCpu = result.paced.storeCpuMsPerMessage;
  const half = `at half speed (${result.paced.rate}/s)`;
  return [
    { name: `messaging: ${members.length} sockets connected in`, value: result.connectSeconds, unit: 's' },
    {
      name: 'messaging: 1,000 messages, 50 senders at full speed',
      value: result.saturated.messagesPerSecond,
      unit: 'msg/s',
    },
    { name: 'messaging: send→push p99 at full speed', value: result.saturated.p99, unit: 'ms' },
    {
      name: `messaging: 1,000 messages ${half}, delivered`,
      value: result.paced.messagesPerSecond,
      unit: 'msg/s',
    },
    {
      name: `messaging: send→push p99 ${half}`,
      value: result.paced.p99,
      unit: 'ms',
      goal: atMost(250),
    },
    {
      name: `messaging ${half}: messaging CPU per message`,
      value: result.paced.cpuMsPerMessage,
      unit: 'ms',
      versus: FLOORS.signedInPost,
      goal: atMost(MESSAGE_CPU_IN_FLOORS),
    },
    {
      name: `messaging ${half}: times messaging's main thread woke, per message`,
      value: result.paced.wakeupsPerMessage,
      unit: '',
    },
    ...(storeCpu === undefined
      ? []
      : [
          {
            name: `messaging ${half}: the store's CPU per message (FerretDB, PostgreSQL)`,
            value: storeCpu,
            unit: 'ms',
          },
        ]),
  ];
}

/**
 * Sessions' versions are keyed by user alone (every process reads them, whatever its database):
 * the run's users' go with the run, read from identity's store before it is dropped.
 */
async function forgetSessions(users: Collection<Document>, redis: Redis): Promise<void> {
  let batch: string[] = [];
  for await (const user of users.find({}, { projection: { _id: 1 } })) {
    batch.push(sessionKeys.version(String(user._id)));
    if (batch.length === 1000) {
      await redis.del(...batch);
      batch = [];
    }
  }
  if (batch.length) await redis.del(...batch);
}

async function cleanUp(stack: BenchStack, infra: ResolvedInfra, redis: Redis, logger: Logger): Promise<void> {
  for (const [service, database] of Object.entries(stack.databases)) {
    const db = await connectMongo({ url: infra.endpoints.MONGO_URL, database, logger });
    if (service === 'identity') await forgetSessions(db.collection('users'), redis).catch(() => undefined);
    await db.dropDatabase().catch(() => undefined);
    await db.close();
  }
  const admin = createKafka('bench', infra.endpoints.KAFKA_BROKERS.split(','), logger).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(stack.namespace));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
  const patterns = [
    ...Object.entries(stack.databases).map(([service, database]) => `${service}:${database}:*`),
    `*bench:${stack.run}*`,
  ];
  for (const pattern of patterns) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

// Stopped from outside (Ctrl-C, a CI timeout): the stack's processes stop with it (scripts/lib/processes).
// `on`, not `once`: the same signal often comes twice (from the shell and relayed by tsx), and an
// unheard second one would kill this process before its exit hook stops the children.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** One run of the suite, on a stack and a seed of its own: its figures, the machine's pace beside them. */
async function oneRun(infra: ResolvedInfra, redis: Redis, logger: Logger): Promise<Figure[]> {
  const run = randomUUID().slice(0, 8);
  const began = performance.now();
  const paceBefore = machinePace();
  say(
    `▶ starting the stack in namespace bench_${run}${INSTANCES > 1 ? `, ${INSTANCES} instances of each process` : ''}`,
  );
  const left = await leftovers(infra, redis);
  if (left && (left.databases > 0 || left.keys > 10_000)) {
    say(
      `  ⚠ earlier runs left ${left.databases} databases in the store and ${left.keys} keys in Redis: ` +
        'the figures read a fuller store than a fresh machine does (`bash deploy/local/infra.sh reset` empties them)',
    );
  }
  const stack = await startBenchStack(infra, run, INSTANCES);
  const figures: Figure[] = [];
  try {
    say(
      `▶ seeding ${SIZE.shows} shows, ${SIZE.episodes} episodes, ${SIZE.users} users, ${SIZE.conversations} conversations`,
    );
    // The audio, day and insertion stages' episodes are uploaded and rendered while the seed is written.
    prepareEpisodes(stack, [
      ...(runs('audio') ? [AUDIO_EPISODE_SECONDS] : []),
      ...(runs('day') ? [DAY.episodeSeconds] : []),
    ]);
    if (runs('insertion')) prepareInsertion(stack);
    const seeded = await seedNetwork(
      stack,
      { mongoUrl: infra.endpoints.MONGO_URL, kafkaBrokers: infra.endpoints.KAFKA_BROKERS },
      SIZE,
      logger,
    );
    say(`  written in ${seeded.seconds.toFixed(1)} s with ${seeded.events} events`);
    const catchUp = performance.now();
    const caught = await caughtUp(stack, infra, logger);
    await seeded.published();
    const total = seeded.seconds + seconds(catchUp);
    figures.push(
      { name: 'seed: documents and events written', value: seeded.seconds, unit: 's' },
      { name: `seed: ${seeded.events} events published and applied`, value: total, unit: 's' },
    );
    say(`  every event published and applied after ${total.toFixed(1)} s`);
    say(`  after the seed: outboxes drained at ${caught.published.toFixed(1)} s; groups caught up at`);
    for (const [groupId, at] of [...caught.groups].sort((a, b) => b[1] - a[1])) {
      say(`    ${at.toFixed(1).padStart(6)} s  ${groupId.slice(stack.namespace.length)}`);
    }
    // First: a new group's catch-up is measured on the seed's history with nothing else running.
    if (runs('replay')) {
      await stage('replay: a new projection reads the history');
      figures.push(...(await replayBench(stack, infra, logger)));
    }
    if (runs('catalog')) {
      await stage('catalog reads');
      figures.push(...(await catalogReads(stack)));
    }
    if (runs('show-pages')) {
      await stage('show pages');
      figures.push(...(await showPages(stack, seeded, redis)));
    }
    if (runs('episode-pages')) {
      await stage('episode pages');
      figures.push(...(await episodePages(stack, seeded, redis)));
    }
    if (runs('rss')) {
      await stage('RSS feed');
      figures.push(...(await feeds(stack, seeded, redis)));
    }
    if (runs('sign-in')) {
      await stage('sign-in');
      figures.push(...(await signIns(stack, seeded)));
    }
    if (runs('messaging')) {
      await stage('messaging');
      figures.push(...(await messaging(stack, seeded, redis)));
    }
    if (runs('notifications')) {
      await stage('notifications');
      figures.push(...(await notificationsBench(stack, infra.endpoints, seeded, redis, logger)));
    }
    if (runs('events')) {
      // Measured on a quiet platform: the stages before leave events that consumers still apply
      // (each message sent is confirmed and listed again from its event).
      await caughtUp(stack, infra, logger);
      await stage('event lag at 100 events/s');
      const lag = await eventLag(infra.endpoints, logger, { rate: 100, events: 1_000 });
      const direct = { name: 'a write, then its event sent', value: lag.directP99, unit: 'ms' };
      figures.push(
        {
          name: 'events: write→topic p99 at 100/s, through the outbox',
          value: lag.topicP99,
          unit: 'ms',
          versus: direct,
          goal: atMost(EVENT_TO_TOPIC_IN_DIRECT_SENDS),
        },
        {
          name: 'events: write→consumer applied p99',
          value: lag.appliedP99,
          unit: 'ms',
          key: EVENT_APPLIED,
          versus: direct,
          goal: atMost(EVENT_APPLIED_IN_DIRECT_SENDS),
        },
      );
    }
    if (runs('audio')) {
      await stage('audio');
      figures.push(...(await audioBench(stack)));
    }
    if (runs('listens')) {
      await stage('listens');
      figures.push(...(await listensBench(stack, infra, seeded, redis, logger)));
    }
    if (runs('releases')) {
      await stage('scheduled releases');
      figures.push(...(await releaseBench(stack)));
    }
    if (runs('search')) {
      await stage('search');
      figures.push(...(await searchBench(stack, seeded, redis)));
    }
    if (runs('positions')) {
      await stage('positions: listeners saving their places');
      figures.push(...(await positionsBench(stack, redis, infra.endpoints.REDIS_URL)));
    }
    if (runs('day')) {
      await stage("a network's day: the largest this stack serves");
      figures.push(...(await networkDayBench(stack, seeded, say)));
    }
    // Late: it makes the 1,000-episode show members-only, which the public feed figures would see.
    if (runs('premium')) {
      await stage('premium listening');
      figures.push(...(await premiumBench(stack, seeded, redis)));
    }
    if (runs('insertion')) {
      await stage('dynamic insertion');
      figures.push(...(await insertionBench(stack, infra, logger, say)));
    }
    if (runs('pipeline')) {
      await stage('the audio pipeline');
      figures.push(...(await pipelineBench(stack, infra, logger, say)));
    }
    // Late, on a quiet machine: what an answer costs that does no work, beside the figures above.
    if (runs('floors') || [...only].some((group) => NEEDS_FLOORS.has(group))) {
      await stage('floors: a fixed answer');
      figures.push(...(await floorsBench(infra.endpoints.REDIS_URL, stack.keys)));
    }
    if (runs('web')) {
      await stage('web first load');
      const web = await firstLoad((line) => say(`  ${line}`));
      figures.push(
        { name: 'first load of / (gzip)', value: web.gzipBytes / 1024, unit: 'kB', goal: atMost(120) },
        {
          name: 'first load of the embeddable player (gzip)',
          value: web.embedGzipBytes / 1024,
          unit: 'kB',
          goal: atMost(30),
        },
      );
    }
  } finally {
    say('▶ stopping and cleaning up');
    await stack.stop();
    await cleanUp(stack, infra, redis, logger).catch((err: unknown) =>
      say(`  clean-up failed: ${String(err)}`),
    );
  }
  // Its length matters only when it ran everything: a part of the suite says nothing of the whole.
  if (!onlyArg && !small) {
    figures.push({
      name: 'a whole run: the stack started, seeded, every group measured, stopped and cleaned up',
      value: seconds(began) / 60,
      unit: 'min',
      goal: atMost(RUN_MINUTES),
    });
  }
  // Beside every table: how fast the machine was, by the same work every run. The goals are
  // ratios and should not move with it; the figures themselves do.
  figures.push(
    { name: 'machine pace before the run: fixed work, CPU (lower is faster)', value: paceBefore, unit: 'ms' },
    { name: 'machine pace after the run', value: machinePace(), unit: 'ms' },
  );
  return figures;
}

async function main(): Promise<void> {
  const logger = createLogger('bench', process.env.BENCH_LOG_LEVEL ?? 'error');
  say('▶ infrastructure');
  const infra = await resolveInfra(process.env, (line) => say(`  ${line}`));
  say('▶ building');
  await buildServices();
  if (only.has('web')) await buildWebOnce();
  const redis = new Redis(infra.endpoints.REDIS_URL);
  const runs: Figure[][] = [];
  try {
    for (let n = 1; n <= RUNS; n++) {
      if (RUNS > 1) say(`▶ run ${n} of ${RUNS} at ${sinceBegan()}`);
      runs.push(await oneRun(infra, redis, logger));
    }
  } finally {
    await redis.quit();
    await infra.stop();
  }
  const store = (infra.describe().find((line) => line.startsWith('mongo')) ?? 'mongo: unknown').replace(
    /\s+/g,
    ' ',
  );
  const network = `${small ? 'small network (--small)' : 'real network'}: ${SIZE.shows} shows, ${SIZE.episodes} episodes, ${SIZE.users} users, ${SIZE.conversations} conversations`;
  say('');
  say(`PODZ benchmark, ${network}`);
  say(`machine: ${machine()}`);
  say(`store: ${store}`);
  say(`time: ${sinceBegan()} from start to this table`);
  if (INSTANCES > 1)
    say(
      `instances: ${INSTANCES} of every service and of the gateway, behind one TCP entry; messages sent to messaging's first instance, pushed from its last; CPU figures are every instance's together`,
    );
  if (RUNS > 1)
    say(`${RUNS} runs, each on a stack and a seed of its own; a goal is met when the median meets it`);
  say(table(runs));
  if (process.argv.includes('--docs')) {
    const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`;
    say(`\nwritten to ${writeFiguresDoc(runs, { command, instances: INSTANCES, network, store })}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
