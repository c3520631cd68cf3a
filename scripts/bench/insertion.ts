// The insertion figures of `npm run bench` (group `insertion`): ads and promos joined into an
// episode's rendition per listener. What it costs ranged audio against the same with the show's
// insertion off, what deciding a listener's file takes at 1,000 ranged requests a second (media's
// own `Server-Timing`), whether ranges and whole agree byte for byte, what ffmpeg reads in the joined
// file, a 7-day flight paced on a simulated clock, and deliveries counted against a ground truth.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ObjectId } from 'mongodb';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { catalogListens, type ListenAd, type ListenRecord } from '../../proto/src';
import { createKafka, type Logger } from '../../services/kit/src';
import { INFO_FRAME_BYTES } from '../../services/media/src/audio/info-frame';
import type { LiveCampaign } from '../../services/media/src/insertion/campaign-choice';
import { DecisionStore } from '../../services/media/src/insertion/decision-store';
import { breakOffers } from '../../services/media/src/insertion/insertion-plan';
import { TAG_BYTES } from '../../services/media/src/tags/id3-writer';
import {
  decodeErrors,
  measureLoudness,
  probe,
  speechLike,
} from '../../services/media/test/support/speech-like';
import { signIn } from '../demo/seed-demo-network';
import { fetchAgain } from '../lib/fetch-again';
import { atLeast, atMost, commandCpuSeconds, percentile, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { IPHONE, playingRendition } from './audio';
import { rangeLoad, type RangeLoadResult } from './range-client';

const RANGE = 256 * 1024;
const BOT = '7Siters/1.1 (+https://7ooo.ru/siters/)';
/** One MP3 frame of the house format, in seconds: how close a joined file's length must come. */
const FRAME_SECONDS = 1152 / 44_100;
const DAY_MS = 86_400_000;
/** A campaign's targeting and caps that leave no listener out. */
const ANYONE_ANY_TIME = {
  targeting: { showIds: [], categories: [], countries: [], apps: [], platforms: [], episodeMaxAgeDays: null },
  caps: { perDay: null, perWeek: null },
};

interface Api {
  json<T>(path: string, method?: string, body?: unknown): Promise<T>;
  upload(file: Buffer): Promise<string>;
}

function api(stack: BenchStack, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async json<T>(path: string, method = 'GET', body?: unknown) {
      const res = await fetchAgain(`${stack.gatewayUrl}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (res.status === 204 ? undefined : await res.json()) as T;
    },
    async upload(file: Buffer) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'bench.wav');
      const res = await fetchAgain(`${stack.gatewayUrl}/api/media/audio`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
  };
}

/** A podcast app's GET through the gateway from `address`; `range` as the app asks. */
async function appGet(stack: BenchStack, url: string, address: string, range?: string) {
  const res = await fetchAgain(`${stack.gatewayUrl}${url}`, {
    headers: { 'user-agent': IPHONE, 'x-forwarded-for': address, ...(range ? { range } : {}) },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A fresh documentation address per listener (`n`), in 198.18.0.0/15 (benchmarking). */
const address = (n: number) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

interface Setup {
  showId: string;
  episodeId: string;
  uploadId: string;
  url: string;
  creatives: { id: string; bytes: Buffer }[];
  campaignIds: string[];
}

/**
 * A five-minute episode on its rendition in a show that inserts, a pre-roll and a mid-roll at two
 * and a half minutes, and two campaigns (drafts until the plain file is read) of different advertiser
 * categories, so both breaks fill, each with a 30-second creative through the pipeline.
 */
async function setUp(stack: BenchStack, client: Api): Promise<Setup> {
  const show = await client.json<{ id: string }>('/api/podcasts', 'POST', {
    name: `Insertion bench ${stack.run}`,
    category: 'Technology',
    insertAds: true,
  });
  const audioId = await client.upload(
    speechLike({ seconds: 300, amplitude: 0.3, channels: 2, format: 'wav' }),
  );
  const episode = await client.json<{ id: string }>('/api/episodes', 'POST', {
    podcastId: show.id,
    title: 'Five minutes with breaks',
    audioId,
  });
  await client.json(`/api/episodes/${episode.id}/ad-breaks`, 'PUT', {
    adBreaks: { preRoll: true, midRolls: [150], postRoll: false },
  });
  const creatives: { id: string; bytes: Buffer }[] = [];
  const campaignIds: string[] = [];
  for (const [index, category] of ['mattresses', 'coffee'].entries()) {
    const id = await client.upload(
      speechLike({ seconds: 30, amplitude: 0.2 + index * 0.2, channels: 2, format: 'wav' }),
    );
    const rendition = `${stack.gatewayUrl}/media/audio/${id}.house.mp3`;
    const deadline = Date.now() + 3 * 60_000;
    while ((await fetchAgain(rendition, { method: 'HEAD' })).status !== 200) {
      if (Date.now() > deadline) throw new Error(`creative ${id} not rendered within 3 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    creatives.push({ id, bytes: Buffer.from(await (await fetchAgain(rendition)).arrayBuffer()) });
    const campaign = await client.json<{ id: string }>('/api/ads/campaigns', 'POST', {
      name: `Bench ${category}`,
      advertiser: `Bench ${category}`,
      advertiserCategory: category,
      kind: 'standard',
      promotesPodcastId: null,
      positions: ['pre', 'mid'],
      flight: {
        startsAt: new Date(Date.now() - DAY_MS).toISOString(),
        endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      },
      impressionGoal: 1_000_000_000,
      cpmCents: 2500,
      ...ANYONE_ANY_TIME,
      creatives: [{ uploadId: id, name: `Spot ${index + 1}` }],
    });
    campaignIds.push(campaign.id);
  }
  return {
    showId: show.id,
    episodeId: episode.id,
    uploadId: audioId,
    url: `/media/audio/${audioId}.house.mp3`,
    creatives,
    campaignIds,
  };
}

/** Until a new listener's download carries both creatives (media has the campaigns and the breaks). */
async function untilJoined(stack: BenchStack, setup: Setup, plainBytes: number, listener: number) {
  // The joined file: the plain one's tag and frames, an Info frame, and each creative's frames.
  const added =
    INFO_FRAME_BYTES + setup.creatives.reduce((sum, one) => sum + one.bytes.length - TAG_BYTES, 0);
  const deadline = Date.now() + 2 * 60_000;
  for (let n = listener; ; n++) {
    const whole = await appGet(stack, setup.url, address(n));
    // Both creatives in (one alone adds about half): the exact length is ffmpeg's figure below.
    if (whole.body.length > plainBytes + 0.9 * added) return { whole, listener: n };
    if (Date.now() > deadline)
      throw new Error(`no download carried both creatives (${whole.body.length} bytes)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Until the show's answers say whether it inserts (`private`) or not, as media's copy of it changes. */
async function untilInserting(stack: BenchStack, url: string, inserting: boolean, listener: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await appGet(stack, url, address(listener), 'bytes=0-1');
    if ((res.headers.get('cache-control') ?? '').startsWith('private') === inserting) return;
    if (Date.now() > deadline)
      throw new Error(`the show's insertion did not turn ${inserting ? 'on' : 'off'}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Ranges (256 kB unless said) from many listeners, each a download of four ranges, as fast as 20
 * connections go (or at `rate`).
 */
function listenersLoad(
  stack: BenchStack,
  url: string,
  firstListener: number,
  options: { rate?: number; size?: number } = {},
) {
  const size = options.size ?? RANGE;
  const paths = Array.from({ length: 4000 }, (_, n) => ({
    path: url,
    headers: {
      'x-forwarded-for': address(firstListener + Math.floor(n / 4)),
      range: `bytes=${size * (1 + (n % 4))}-${size * (2 + (n % 4)) - 1}`,
    },
  }));
  return rangeLoad({
    url: `${stack.gatewayUrl}${url}`,
    headers: { 'user-agent': IPHONE },
    paths,
    connections: 20,
    warmupSeconds: 2,
    seconds: 10,
    status: 206,
    ...(options.rate ? { rate: options.rate } : {}),
  });
}

/**
 * The seven days of a flight, paced by the same decision code media runs, on a simulated clock. Its
 * decisions (about 45,000 keys) are kept under the run's name, which the run's clean-up deletes.
 */
async function flightOnASimulatedClock(redis: Redis, run: string) {
  const start = Date.UTC(2031, 0, 6); // a Monday
  const goal = 14_000;
  const even = goal / 7;
  const campaign: LiveCampaign = {
    id: new ObjectId().toHexString(),
    kind: 'standard',
    advertiserCategory: 'bench',
    promotesPodcastId: null,
    positions: ['pre'],
    flight: { startsAt: new Date(start), endsAt: new Date(start + 7 * DAY_MS) },
    impressionGoal: goal,
    ...ANYONE_ANY_TIME,
    creativeIds: [new ObjectId().toHexString()],
  };
  const decisions = new DecisionStore(redis, `media:bench:${run}:flight:ads:`);
  // Downloads a day as a share of the even day's impressions: busier midweek, a slow Saturday.
  const traffic = [1.3, 1.5, 1.4, 1.2, 1.1, 0.95, 1.0];
  // Listening by hour of day (UTC): the commute and the evening.
  const hours = [1, 1, 1, 1, 2, 4, 8, 10, 9, 6, 5, 5, 6, 5, 5, 6, 8, 9, 8, 7, 6, 4, 2, 1];
  const hourTotal = hours.reduce((sum, one) => sum + one, 0);
  const perDay: number[] = [];
  const episode = new ObjectId().toHexString();
  for (const [day, factor] of traffic.entries()) {
    let delivered = 0;
    const downloads = Math.round(even * factor);
    const times = hours.flatMap((weight, hour) =>
      Array.from(
        { length: Math.round((downloads * weight) / hourTotal) },
        () => start + day * DAY_MS + hour * 3600_000 + Math.floor(Math.random() * 3600_000),
      ),
    );
    times.sort((a, b) => a - b);
    for (let n = 0; n < times.length; n += 25) {
      const fills = await Promise.all(
        times.slice(n, n + 25).map(async (time) => {
          const at = new Date(time);
          const listener = randomBytes(16).toString('base64url').slice(0, 22);
          const served = await decisions.served([campaign.id], at);
          const offers = breakOffers(
            [{ position: 'pre', atFrame: 0 }],
            [{ campaign, creativeId: campaign.creativeIds[0] ?? '' }],
            {
              served,
              listener,
              at,
              listening: {
                podcastId: episode,
                categories: [],
                country: 'GB',
                app: null,
                platform: null,
                publishedAt: at,
              },
            },
          );
          return (await decisions.decide(episode, listener, at, offers)).length;
        }),
      );
      delivered += fills.reduce((sum, one) => sum + one, 0);
    }
    perDay.push(delivered);
  }
  const total = perDay.reduce((sum, one) => sum + one, 0);
  const worstDay = Math.max(...perDay.map((one) => Math.abs(one - even) / even));
  return { goal, total, perDay, worstDay };
}

/** Byte ranges `[first, last]` joined into the distinct bytes they cover. */
function covers(ranges: [number, number][], from: number, to: number): boolean {
  const sorted = ranges
    .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [number, number])
    .filter(([a, b]) => a <= b)
    .sort((x, y) => x[0] - y[0]);
  let next = from;
  for (const [a, b] of sorted) {
    if (a > next) return false;
    next = Math.max(next, b + 1);
  }
  return next > to;
}

/**
 * Listen records of downloads with two creatives, of every kind the rules must tell apart (whole,
 * stopped part way, ranges that stop inside an ad and come back for the rest, bots, probes, HEAD,
 * a listener again the same day), on days of their own, and the deliveries a separate reckoning of
 * the rules expects.
 */
function groundTruthMix(campaignId: string, creativeId: string) {
  const file = { bytes: 9_000_000, offset: 262_144, seconds: 600 };
  const ads: ListenAd[] = [
    { campaign: campaignId, creative: creativeId, position: 'pre', start: 262_561, end: 742_561 },
    { campaign: campaignId, creative: creativeId, position: 'mid', start: 5_000_000, end: 5_480_000 },
  ];
  const show = new ObjectId().toHexString();
  const episode = new ObjectId().toHexString();
  const records: ListenRecord[] = [];
  const record = (listener: string, at: number, part: Partial<ListenRecord>): ListenRecord => ({
    id: randomUUID(),
    kind: 'audio',
    at,
    method: 'GET',
    status: 206,
    show,
    episode,
    published: Date.UTC(2031, 2, 1),
    range: null,
    start: 0,
    sent: file.bytes,
    file,
    listener,
    monthListener: listener,
    ua: IPHONE,
    referrer: null,
    premium: false,
    country: 'GB',
    ads,
    ...part,
  });
  const truth = { pre: 0, mid: 0 };
  for (let n = 0; n < 3000; n++) {
    const listener = randomBytes(16).toString('base64url').slice(0, 22);
    const at = Date.UTC(2031, 2, 2 + (n % 5), 6 + (n % 12));
    const kind = n % 8;
    const mine: ListenRecord[] = [];
    const stopAt = Math.floor(Math.random() * file.bytes);
    if (kind === 0) mine.push(record(listener, at, { status: 200 }));
    if (kind === 1) mine.push(record(listener, at, { range: 'bytes=0-', sent: stopAt }));
    if (kind === 2) {
      // Ranges out of order, one stopping inside the mid-roll, the rest fetched later that day.
      const inside = 5_000_000 + Math.floor(Math.random() * 480_000);
      mine.push(record(listener, at, { range: `bytes=${inside}-`, start: inside, sent: 1_000_000 }));
      mine.push(record(listener, at + 60_000, { range: 'bytes=0-', sent: inside - 10 }));
      if (n % 16 === 2)
        mine.push(
          record(listener, at + 120_000, { range: `bytes=${inside - 10}-`, start: inside - 10, sent: 10 }),
        );
    }
    if (kind === 3) mine.push(record(listener, at, { ua: BOT, status: 200 }));
    if (kind === 4) mine.push(record(listener, at, { range: 'bytes=0-1', sent: 2 }));
    if (kind === 5) mine.push(record(listener, at, { method: 'HEAD', sent: 0, status: 200 }));
    if (kind === 6)
      mine.push(record(listener, at, { status: 200 }), record(listener, at + 3600_000, { status: 200 }));
    if (kind === 7) mine.push(record(listener, at, { status: 304, sent: 0 }));
    records.push(...mine);
    const counted = mine.filter(
      (one) =>
        one.ua !== BOT &&
        one.method !== 'HEAD' &&
        one.status >= 200 &&
        one.status < 300 &&
        one.range !== 'bytes=0-1' &&
        one.sent > 0,
    );
    const ranges = counted.map((one) => [one.start, one.start + one.sent - 1] as [number, number]);
    for (const ad of ads) if (covers(ranges, ad.start, ad.end - 1)) truth[ad.position as 'pre' | 'mid']++;
  }
  return { records, truth };
}

async function produce(infra: ResolvedInfra, stack: BenchStack, records: ListenRecord[], logger: Logger) {
  const producer = createKafka(
    'bench-insertion',
    infra.endpoints.KAFKA_BROKERS.split(','),
    logger,
  ).producer();
  await producer.connect();
  try {
    for (let n = 0; n < records.length; n += 1000)
      await producer.send({
        topic: stack.namespace + catalogListens.topic,
        acks: -1,
        messages: records
          .slice(n, n + 1000)
          .map((one) => ({ key: one.listener, value: JSON.stringify(one) })),
      });
  } finally {
    await producer.disconnect();
  }
}

/** Round trips to Redis (`PING`) at `perSecond` for `ms`, after a second's warm-up: their p50 and p99. */
async function redisRoundTrips(redis: Redis, perSecond: number, ms: number) {
  await redis.ping();
  const samples: number[] = [];
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; ; n++) {
    const due = start + (n * 1000) / perSecond;
    if (due > start + ms) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      redis.ping().then(() => {
        if (sent - start > 1000) samples.push(performance.now() - sent);
      }),
    );
  }
  await Promise.all(pending);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** CPU seconds so far of what serves and counts a download: the gateway, media, analytics, Redis, Kafka. */
function cpuByProcess(stack: BenchStack): Record<string, number> {
  return {
    gateway: stack.cpuSeconds('gateway'),
    media: stack.cpuSeconds('media'),
    analytics: stack.cpuSeconds('analytics'),
    redis: commandCpuSeconds((command) => command.startsWith('redis-server')).seconds,
    kafka: commandCpuSeconds((command) => command.includes('kafka.Kafka')).seconds,
  };
}

const mean = (values: number[]) => values.reduce((sum, one) => sum + one, 0) / values.length;

/** The stage's show, episode and draft campaigns, once its episode plays its plain rendition. */
async function renderedSetUp(stack: BenchStack): Promise<Setup> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const setup = await setUp(stack, api(stack, admin.token));
  await playingRendition(stack, admin.token, setup.episodeId, setup.uploadId);
  return setup;
}

/** Set-ups started ahead, by run: each taken once by `insertionBench`. */
const prepared = new Map<string, Promise<Setup>>();

/**
 * Starts the stage's uploads now, for the stage to find rendered later: five minutes of speech and
 * two creatives through the pipeline take ffmpeg most of a minute, done while the seed is written
 * (as the audio stages' episodes are) instead of inside the stage. Nothing inserts meanwhile: the
 * campaigns stay drafts until the stage has read the plain file.
 */
export function prepareInsertion(stack: BenchStack): void {
  const setup = renderedSetUp(stack);
  // Failed before the stage asks: the stage sees the error.
  setup.catch(() => undefined);
  prepared.set(stack.run, setup);
}

export async function insertionBench(
  stack: BenchStack,
  infra: ResolvedInfra,
  logger: Logger,
  say: (line: string) => void,
): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const client = api(stack, admin.token);
  // Nothing inserts until the campaigns are live: the episode's plain rendition first.
  const setup = await (prepared.get(stack.run) ?? renderedSetUp(stack));
  prepared.delete(stack.run);
  const plain = await appGet(stack, setup.url, address(1));
  for (const id of setup.campaignIds)
    await client.json(`/api/ads/campaigns/${id}`, 'PUT', { status: 'live' });
  const { whole, listener } = await untilJoined(stack, setup, plain.body.length, 2);
  say(`  joined: ${whole.body.length} bytes against ${plain.body.length}`);

  // Every byte of 1,000 random ranges of that listener's file is the whole's.
  let equal = 0;
  for (let n = 0; n < 1000; n++) {
    const first = Math.floor(Math.random() * whole.body.length);
    const last = Math.min(whole.body.length - 1, first + Math.floor(Math.random() * 2 * RANGE));
    const part = await appGet(stack, setup.url, address(listener), `bytes=${first}-${last}`);
    if (part.status === 206 && part.body.equals(whole.body.subarray(first, last + 1))) equal++;
  }

  // What ffmpeg reads in the joined file.
  const errors = decodeErrors(whole.body);
  const creativeSeconds = setup.creatives.reduce((sum, one) => sum + probe(one.bytes).duration, 0);
  const lengthOff = Math.abs(probe(whole.body).duration - probe(plain.body).duration - creativeSeconds);
  const content = measureLoudness(plain.body).integrated;
  const loudnessOff = Math.max(
    ...setup.creatives.map((one) => Math.abs(measureLoudness(one.bytes).integrated - content)),
  );

  // Ranged audio of many listeners with the show inserting and not: on, off, off, on.
  const passes: Record<'on' | 'off', RangeLoadResult[]> = { on: [], off: [] };
  const spent: Record<'on' | 'off', Record<string, number>> = { on: {}, off: {} };
  let fresh = 100_000;
  for (const side of ['on', 'off', 'off', 'on'] as const) {
    await client.json(`/api/podcasts/${setup.showId}`, 'PUT', { insertAds: side === 'on' });
    await untilInserting(stack, setup.url, side === 'on', fresh++);
    const before = cpuByProcess(stack);
    const load = await listenersLoad(stack, setup.url, fresh);
    const after = cpuByProcess(stack);
    passes[side].push(load);
    for (const [name, seconds] of Object.entries(after))
      spent[side][name] = (spent[side][name] ?? 0) + seconds - (before[name] ?? 0);
    fresh += 10_000;
  }
  const rps = (side: 'on' | 'off') => mean(passes[side].map((one) => one.requestsPerSecond));
  // Where a request's CPU goes, on and off (both passes of a side, warm-up included).
  for (const side of ['on', 'off'] as const) {
    const requests = passes[side].reduce((sum, one) => sum + one.sent, 0);
    const each = Object.entries(spent[side]).map(
      ([name, seconds]) => `${name} ${((seconds * 1000) / requests).toFixed(3)}`,
    );
    say(`  CPU ms a request, ${side}: ${each.join(', ')}`);
  }

  // Deciding at 1,000 ranged requests a second, a new listener's download every fourth request: 32 kB
  // ranges, so the machine has room for them (2 cores serve about 900 of 256 kB a second flat out,
  // and a queue would be timed, not the decision).
  await client.json(`/api/podcasts/${setup.showId}`, 'PUT', { insertAds: true });
  await untilInserting(stack, setup.url, true, fresh++);
  // Beside it, the floor of a decision: a round trip to Redis at the pace new downloads come,
  // from a process with nothing else to do, on the same machine at the same load.
  const floorRedis = new Redis(infra.endpoints.REDIS_URL);
  let paced: RangeLoadResult;
  let roundTrip: { p50: number; p99: number };
  try {
    [paced, roundTrip] = await Promise.all([
      listenersLoad(stack, setup.url, fresh, { rate: 1000, size: 32 * 1024 }),
      redisRoundTrips(floorRedis, 250, 12_000),
    ]);
  } finally {
    floorRedis.disconnect();
  }
  const decide = paced.serverTiming.decide ?? { count: 0, p50: 0, p99: Number.POSITIVE_INFINITY };
  say(
    `  deciding at 1,000 req/s: p50 ${decide.p50.toFixed(2)} ms, p99 ${decide.p99.toFixed(2)} ms;` +
      ` a Redis round trip beside it: p50 ${roundTrip.p50.toFixed(2)} ms, p99 ${roundTrip.p99.toFixed(2)} ms`,
  );

  const redis = new Redis(infra.endpoints.REDIS_URL);
  let flight: Awaited<ReturnType<typeof flightOnASimulatedClock>>;
  try {
    flight = await flightOnASimulatedClock(redis, stack.run);
  } finally {
    redis.disconnect();
  }
  say(`  flight: ${flight.perDay.join(', ')} of ${flight.goal}`);

  // Deliveries of a mix whose answer is known, counted by analytics from the listen topic.
  const [campaignId = ''] = setup.campaignIds;
  const { records, truth } = groundTruthMix(campaignId, setup.creatives[0]?.id ?? '');
  await produce(infra, stack, records, logger);
  const read = () =>
    client.json<{ positions: { name: string; deliveries: number }[] }>(
      `/api/analytics/campaigns/${campaignId}?from=2031-03-01&to=2031-03-31`,
    );
  const counted = async () => {
    const positions = (await read()).positions;
    return {
      pre: positions.find((one) => one.name === 'pre')?.deliveries ?? 0,
      mid: positions.find((one) => one.name === 'mid')?.deliveries ?? 0,
    };
  };
  let seen = await counted();
  for (let stable = 0, deadline = Date.now() + 120_000; stable < 6 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await counted();
    stable = now.pre === seen.pre && now.mid === seen.mid && now.pre > 0 ? stable + 1 : 0;
    seen = now;
  }
  const wrong = Math.abs(seen.pre - truth.pre) + Math.abs(seen.mid - truth.mid);
  say(`  deliveries: counted ${seen.pre} + ${seen.mid}, truth ${truth.pre} + ${truth.mid}`);

  return [
    {
      name: 'insertion: 256 kB ranges of many listeners, show inserting, 20 conns',
      value: rps('on'),
      unit: 'req/s',
    },
    { name: 'insertion: the same, the show not inserting', value: rps('off'), unit: 'req/s' },
    {
      name: 'insertion: ranged audio on ÷ off (req/s, and MB/s: the same bytes a request)',
      value: rps('on') / rps('off'),
      unit: '×',
      goal: atLeast(0.9),
    },
    {
      name: `insertion: deciding a listener's file, p99 of ${decide.count} at 1,000 ranged req/s (media's Server-Timing)`,
      value: decide.p99,
      unit: 'ms',
      goal: atMost(2),
    },
    {
      name: 'insertion: a Redis round trip at the same load, p99 (the floor of a decision)',
      value: roundTrip.p99,
      unit: 'ms',
    },
    { name: 'insertion: ranged p99 at 1,000 req/s, through the gateway', value: paced.p99, unit: 'ms' },
    {
      name: 'insertion: 1,000 random ranges of a joined file equal to its whole',
      value: equal,
      unit: 'ranges',
      goal: atLeast(1000),
    },
    {
      name: 'insertion: ffmpeg -v error on the joined file',
      value: errors ? errors.split('\n').length : 0,
      unit: 'errors',
      goal: atMost(0),
    },
    {
      name: 'insertion: joined length − (content + creatives)',
      value: lengthOff * 1000,
      unit: 'ms',
      versus: { name: 'one frame', value: FRAME_SECONDS * 1000, unit: 'ms' },
      goal: atMost(1),
    },
    {
      name: "insertion: creatives' loudness from the content's, worst",
      value: loudnessOff,
      unit: 'LU',
      goal: atMost(1),
    },
    {
      name: 'insertion: a 7-day flight on a simulated clock, delivered ÷ goal',
      value: flight.total / flight.goal,
      unit: '×',
      goal: { text: 'within ±3%', met: (value) => Math.abs(value - 1) <= 0.03 },
    },
    {
      name: 'insertion: that flight, the day furthest from even',
      value: flight.worstDay * 100,
      unit: '%',
      goal: atMost(10),
    },
    {
      name: `insertion: deliveries of a ${records.length}-record mix, counted − truth (${truth.pre} + ${truth.mid})`,
      value: wrong,
      unit: 'deliveries',
      goal: atMost(0),
    },
  ];
}
