// The listen figures of `npm run bench` (group `listens`): listen → counted latency at 1,000
// listens a second, analytics catching up on a year of a big show's listens (200,000 records put
// on the topic), and the analytics reads over that year.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Redis } from 'ioredis';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { catalogListens, type ListenRecord } from '../../proto/src';
import { createKafka, type Logger } from '../../services/kit/src';
import { listenSettings } from '../../services/kit/src/listens';
import { listenGroupId } from '../../services/analytics/src/consumers/apply-listen-stream';
import { signIn } from '../demo/seed-demo-network';
import { atLeast, atMost, percentile, untilQuiet, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { halfLoadTail } from './half-load';
import { readFloor } from './kafka-floor';
import { IPHONE, showWithEpisode, type Episode } from './audio';
import type { SeededNetwork } from './seed-network';

const LISTEN_RATE = 1000;
const LISTEN_SECONDS = 10;
const YEAR_RECORDS = 200_000;
/** How long media holds a listen record before its batch leaves (LISTEN_LINGER_MS, as deployed). */
const LISTEN_LINGER_MS = listenSettings.LISTEN_LINGER_MS.parse(undefined);
/**
 * Listen → counted p99 at most this many lingers: the record waits up to one linger in media by
 * design, and the broker, analytics' batch and its Redis script should add less than another.
 */
const COUNTED_IN_LINGERS = 2;
/** Analytics applies a year of listens at least this share of the rate a bare consumer reads them. */
const INGESTION_VERSUS_READ_FLOOR = 0.04;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The count of an episode's downloads in the rollups. */
async function countedDownloads(stack: BenchStack, redis: Redis, episode: Episode): Promise<number> {
  const totals = `analytics:${stack.databases.analytics}:listens:g1:totals`;
  return Number((await redis.hget(totals, `e:${episode.id}`)) ?? 0);
}

/**
 * One whole download of an episode created a moment ago, and the time from its end until the
 * rollups count it: what the steady figure leaves out, the services serving and counting audio
 * hearing of the new episode.
 */
async function firstDownloadCounted(stack: BenchStack, redis: Redis, fresh: Episode): Promise<number> {
  const res = await fetch(`${stack.gatewayUrl}${fresh.url}`, {
    headers: { 'user-agent': IPHONE, 'x-forwarded-for': '10.255.255.1' },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`first download: ${res.status}`);
  const ended = performance.now();
  while ((await countedDownloads(stack, redis, fresh)) < 1) {
    if (performance.now() - ended > 30_000) throw new Error('first download not counted in 30 s');
    await sleep(10);
  }
  return performance.now() - ended;
}

/**
 * Whole downloads of the short episode at `rate` a second, each from a listener of its own, and
 * the time from each response's end until the rollups count as many downloads. The episode is
 * already counted once (its first download), so this is the steady path.
 */
async function listenToCounted(stack: BenchStack, redis: Redis, short: Episode): Promise<number[]> {
  // Idle connections dropped before the gateway's keep-alive timeout (http-client.ts says why).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
  const counted = await countedDownloads(stack, redis, short);
  const finished: number[] = [];
  const samples: [number, number][] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      samples.push([performance.now(), (await countedDownloads(stack, redis, short)) - counted]);
      await sleep(20);
    }
  })();
  const target = new URL(`${stack.gatewayUrl}${short.url}`);
  const get = (n: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          headers: {
            'user-agent': IPHONE,
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) finished.push(performance.now());
            resolve();
          });
        },
      );
      req.on('error', () => resolve());
    });
  const total = LISTEN_RATE * LISTEN_SECONDS;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / LISTEN_RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(get(n));
  }
  await Promise.all(pending);
  // Every download counted, or a minute gone.
  const deadline = performance.now() + 60_000;
  while ((samples.at(-1)?.[1] ?? 0) < finished.length && performance.now() < deadline) await sleep(100);
  polling = false;
  await poller;
  agent.destroy();
  finished.sort((a, b) => a - b);
  return finished.map((at, index) => {
    const seen = samples.find(([, count]) => count >= index + 1);
    return seen ? Math.max(0, seen[0] - at) : 60_000;
  });
}

const APPS = [
  IPHONE,
  'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  'Spotify/8.8.0 iOS/16.4 (iPhone15,2)',
  'PocketCasts/1.0 (Pocket Casts - Android; +https://pocketcasts.com/)',
  'AntennaPod/3.2.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
];
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const COUNTRIES = ['US', 'GB', 'DE', 'NL', 'FR', 'CA', 'AU', 'BR', 'IN', 'JP'];
const hash = () => randomBytes(16).toString('base64url');

/**
 * A year of the big show's listens, about 1,100 requests a day over its episodes, apps and
 * countries, made a listener at a time: the bench process never holds them all at once (a heap
 * that did made its collections pause the reads measured after).
 */
function* yearOfListens(show: string, episodes: string[], now: number): Generator<ListenRecord> {
  let made = 0;
  const file = { bytes: 28_804_096, offset: 4096, seconds: 1800 };
  const day = 86_400_000;
  while (made < YEAR_RECORDS) {
    const at = now - Math.floor(Math.random() * 365 * day);
    const index = Math.floor(Math.random() * episodes.length);
    const listener = hash();
    const ua = Math.random() < 0.08 ? BOT : APPS[Math.floor(Math.random() * APPS.length)]!;
    const base = {
      kind: 'audio' as const,
      method: 'GET' as const,
      show,
      episode: episodes[index]!,
      published: now - 365 * day + Math.floor((index / episodes.length) * 365 * day),
      file,
      listener,
      monthListener: listener,
      ua,
      referrer: null,
      premium: false,
      country: COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)]!,
      ads: [],
    };
    // A listener asks in one to three ranges, the first sometimes after a probe.
    const parts = 1 + Math.floor(Math.random() * 3);
    const size = Math.floor(file.bytes / (3 * parts));
    if (Math.random() < 0.1 && made < YEAR_RECORDS) {
      made++;
      yield { ...base, id: randomUUID(), at, status: 206, range: 'bytes=0-1', start: 0, sent: 2 };
    }
    for (let part = 0; part < parts && made < YEAR_RECORDS; part++) {
      const start = part * size;
      made++;
      yield {
        ...base,
        id: randomUUID(),
        at: at + part * 1000,
        status: 206,
        range: `bytes=${start}-`,
        start,
        sent: size,
      };
    }
  }
}

/** Puts the records on the listen topic, 5,000 to a request; answers how many. */
async function produce(
  infra: ResolvedInfra,
  stack: BenchStack,
  records: Iterable<ListenRecord>,
  logger: Logger,
): Promise<number> {
  const kafka = createKafka('bench-listens', infra.endpoints.KAFKA_BROKERS.split(','), logger);
  const producer = kafka.producer();
  await producer.connect();
  let count = 0;
  const send = (messages: { key: string; value: string }[]) =>
    producer.send({ topic: stack.namespace + catalogListens.topic, acks: -1, messages });
  try {
    let batch: { key: string; value: string }[] = [];
    for (const record of records) {
      batch.push({ key: record.listener, value: JSON.stringify(record) });
      if (batch.length === 5000) {
        await send(batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length) await send(batch);
    return count + batch.length;
  } finally {
    await producer.disconnect();
  }
}

/** Until the listen group has read the whole topic: how long analytics took from its start. */
async function caughtUpOnListens(infra: ResolvedInfra, stack: BenchStack, logger: Logger, started: number) {
  const admin = createKafka('bench-lag', infra.endpoints.KAFKA_BROKERS.split(','), logger).admin();
  await admin.connect();
  const topic = stack.namespace + catalogListens.topic;
  const groupId = listenGroupId(stack.namespace, 1);
  try {
    for (;;) {
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const lag = ends.reduce((sum, end) => {
        const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
        return sum + Number(end.high) - Math.max(0, Number(at));
      }, 0);
      if (lag === 0) return (performance.now() - started) / 1000;
      if (performance.now() - started > 15 * 60_000) throw new Error(`listens not caught up: ${lag} behind`);
      await sleep(500);
    }
  } finally {
    await admin.disconnect();
  }
}

export async function listensBench(
  stack: BenchStack,
  infra: ResolvedInfra,
  seeded: SeededNetwork,
  redis: Redis,
  logger: Logger,
): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const short = await showWithEpisode(stack, admin.token, 1, 'original');
  const figures: Figure[] = [];

  const first = await firstDownloadCounted(stack, redis, short);
  const delays = await listenToCounted(stack, redis, short);
  figures.push(
    { name: 'listen → counted, a new episode’s first download', value: first, unit: 'ms' },
    {
      name: `listens: ${LISTEN_RATE}/s for ${LISTEN_SECONDS} s, counted`,
      value: delays.length,
      unit: 'downloads',
    },
    {
      name: `listen → counted p99 at ${LISTEN_RATE}/s`,
      value: percentile(delays, 99),
      unit: 'ms',
      versus: { name: 'the recorder’s linger', value: LISTEN_LINGER_MS, unit: 'ms' },
      goal: atMost(COUNTED_IN_LINGERS),
    },
  );

  // A year of the big show's listens, applied by analytics from a standing start.
  const episodes = (await (
    await fetch(
      `${stack.urls.catalog}/api/episodes/podcast-episodes?podcastId=${seeded.bigShow.id}&limit=100`,
    )
  ).json()) as { items: { id: string }[] };
  await stack.pause('analytics');
  const records = await produce(
    infra,
    stack,
    yearOfListens(
      seeded.bigShow.id,
      episodes.items.map((e) => e.id),
      Date.now(),
    ),
    logger,
  );
  const started = performance.now();
  await stack.resume('analytics');
  const caughtUp = await caughtUpOnListens(infra, stack, logger, started);
  const floor = await readFloor(
    infra.endpoints.KAFKA_BROKERS.split(','),
    [stack.namespace + catalogListens.topic],
    logger,
    { records: true },
  );
  figures.push({
    name: `analytics ingestion, ${(records / 1e6).toFixed(1)} M records from a standing start`,
    value: records / caughtUp,
    unit: 'records/s',
    versus: { name: 'a bare consumer reading them', value: floor.perSecond, unit: 'records/s' },
    goal: atLeast(INGESTION_VERSUS_READ_FLOOR),
  });

  // Read on a quiet machine: what the catch-up leaves behind (Redis rewriting its append-only file
  // after the year's records, analytics collecting the garbage of applying them) is not a read's cost.
  await untilQuiet();
  const bearer = { authorization: `Bearer ${admin.token}` };
  // The view's 12 months: this month and the eleven before it, by month.
  const now = new Date();
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
    .toISOString()
    .slice(0, 10);
  const year = `from=${firstMonth}&interval=month`;
  for (const [label, path] of [
    ['show', `/api/analytics/shows/${seeded.bigShow.id}?${year}`],
    ['episode', `/api/analytics/episodes/${episodes.items[0]!.id}?${year}`],
  ] as const) {
    figures.push(
      ...(await halfLoadTail({
        name: `analytics read, ${label}, 12 months`,
        url: `${stack.gatewayUrl}${path}`,
        headers: bearer,
        goalMs: 50,
        flatOutName: `analytics read, ${label}, 12 months, gateway, 20 conns`,
        watch: [stack.gatewayUrl, stack.urls.analytics],
      })),
    );
  }
  return figures;
}
