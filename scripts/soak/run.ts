// `npm run soak -- --minutes 60` (not part of `npm test`): two of every service and of the gateway,
// behind the local TCP entry, on deploy/local's three-broker Kafka, under a steady mix of visitors
// and members (show pages, feeds, audio, sign-ins, messages, follows). Every twelfth of the run one
// instance of a random process is SIGKILLed and started again; every quarter, one broker. At the end
// it reports what clients saw go wrong (allowed only in the seconds after a kill), acknowledged
// writes lost, events lost or counted twice, and each process's memory and open files (medians of
// readings every 30 s) after the warm-up and at the end. Exit 1 when any of that fails.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { messageSent } from '../../proto/src/events/conversation-events';
import { podcastFollowed } from '../../proto/src/events/catalog-events';
import { SERVICE_NAMES, type ServiceName } from '../../proto/src/services';
import { resolveInfra } from '../../deploy/local/src/resolve-infra';
import { createLogger } from '../../services/kit/src/logging/logger';
import { wavTone } from '../../services/media/src/uploads/generate-media';
import { startBenchStack, type BenchStack } from '../bench/bench-stack';
import { request } from '../bench/http-client';
import { BENCH_PASSWORD, seedNetwork, type NetworkSize } from '../bench/seed-network';
import { signIn } from '../demo/seed-demo-network';
import { readTopics, type Envelope } from '../faults/topic-reader';
import { buildServices } from '../lib/build';
import { consumerLag } from '../lib/consumer-lag';
import { flagValue } from '../lib/instances';
import { cluster, CLUSTER_BROKERS, CLUSTER_NODES, exited, nodePid } from '../lib/kafka-cluster';
import { fittedGrowth, median, resistantGrowth } from './memory-growth';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(line);

/** `--minutes N`: how long the load runs, 60 unless told. */
function minutesWanted(): number {
  const raw = flagValue(process.argv, '--minutes');
  if (raw === undefined) return 60;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--minutes wants a positive number, not "${raw}"`);
  return value;
}

const MINUTES = minutesWanted();
const RUN_MS = MINUTES * 60_000;
/** Every five minutes in an hour: one instance of a random process. */
const PROCESS_KILL_EVERY_MS = RUN_MS / 12;
/** Every fifteen minutes in an hour: one broker. */
const BROKER_KILL_EVERY_MS = RUN_MS / 4;
/** A broker killed is started again after this. */
const BROKER_AWAY_MS = 20_000;
/** Memory and open files are first read once the caches have filled. */
const WARM_UP_MS = Math.min(5 * 60_000, RUN_MS / 6);
/** Memory and open files are read this often, and compared as medians of this long a window. */
const SAMPLE_EVERY_MS = 30_000;
const WINDOW_MS = Math.min(5 * 60_000, RUN_MS / 6);
/** A failed request this soon after a kill is the kill's: in flight on the instance that died. */
const KILL_GRACE_MS = 10_000;

/**
 * Requests a second of each kind. The two-instance bench measured about 2,200 show pages a second at
 * full speed and 350 messages a second on this machine. Twenty processes, three brokers and the
 * store share its two cores, so this mix is sized by the machine instead: about half of both cores
 * busy (a first run at twice these rates kept them 91 % busy).
 */
const MIX = { page: 40, feed: 5, audio: 10, message: 10, follow: 2, signIn: 1 } as const;
type Kind = keyof typeof MIX;
/** Requests of one kind waiting at once; past this the client, not the platform, is behind. */
const IN_FLIGHT_CAP = 200;

const SIZE: NetworkSize = { users: 400, shows: 100, episodes: 1_000, conversations: 50, bigShowEpisodes: 50 };
/**
 * Members signed in: enough (member, show) pairs that every follow of the run is a new one, so each
 * acknowledged follow has exactly one event to find (an hour's 7,200 follows want 72 of them).
 */
const MEMBERS = Math.min(SIZE.users, Math.max(40, Math.ceil((MIX.follow * RUN_MS) / 1000 / SIZE.shows) + 10));

interface Failure {
  kind: Kind;
  at: number;
  outcome: string;
}

interface Kill {
  at: number;
  what: string;
  broker: boolean;
}

interface Sample {
  pid: number;
  rssMb: number;
  /** V8's heap in use, from the process's own /metrics: what a leak of objects would grow. */
  heapMb: number | undefined;
  /** Memory V8 accounts for outside its heap (buffers, mostly): fetched batches and sockets' data. */
  externalMb: number | undefined;
  openFiles: number;
}

/** One unlabelled gauge of prom-client's default metrics, in MB. */
function gaugeMb(metrics: string, name: string): number | undefined {
  const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?(?:e\\+?\\d+)?)$`, 'm').exec(
    metrics,
  )?.[1];
  return value === undefined ? undefined : Number(value) / 1e6;
}

async function sample(pid: number, url: string): Promise<Sample | undefined> {
  let heapMb: number | undefined;
  let externalMb: number | undefined;
  try {
    const metrics = await request(`${url}/metrics`);
    heapMb = gaugeMb(metrics.text, 'nodejs_heap_size_used_bytes');
    externalMb = gaugeMb(metrics.text, 'nodejs_external_memory_bytes');
  } catch {
    // A process that does not answer still has its RSS read.
  }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { pid, rssMb: rssKb / 1024, heapMb, externalMb, openFiles: readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return undefined;
  }
}

async function samples(stack: BenchStack): Promise<Map<string, Sample>> {
  const all = new Map<string, Sample>();
  for (const { name, pid, url } of stack.processes()) {
    const taken = await sample(pid, url);
    if (taken) all.set(name, taken);
  }
  return all;
}

/** Busy share of the machine's CPUs between two readings of /proc/stat. */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

interface Member {
  id: string;
  token: string;
  conversationId: string;
}

async function main(): Promise<void> {
  const logger = createLogger('soak', process.env.SOAK_LOG_LEVEL ?? 'error');
  const run = randomUUID().slice(0, 8);
  say(
    `▶ soak of ${MINUTES} minutes: a process killed every ${PROCESS_KILL_EVERY_MS / 60_000} min, a broker every ${BROKER_KILL_EVERY_MS / 60_000} min`,
  );
  say('▶ infrastructure');
  const resolved = await resolveInfra(process.env, (line) => say(`  ${line}`));
  await cluster('up');
  const infra = { ...resolved, endpoints: { ...resolved.endpoints, KAFKA_BROKERS: CLUSTER_BROKERS } };
  say('▶ building');
  await buildServices();
  say(`▶ two of every process, namespace bench_soak_${run}`);
  const stack = await startBenchStack(infra, `soak_${run}`, 2);
  const admin = new Kafka({
    clientId: 'soak',
    brokers: CLUSTER_BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const problems: string[] = [];
  try {
    say('▶ seeding');
    const seeded = await seedNetwork(
      stack,
      { mongoUrl: infra.endpoints.MONGO_URL, kafkaBrokers: CLUSTER_BROKERS },
      SIZE,
      logger,
    );
    await seeded.published();
    await untilCaughtUp(admin, stack.namespace, 300_000);
    const setup = await prepare(stack, seeded.users.slice(0, MEMBERS), seeded.shows);
    say(
      `▶ load: ${Object.entries(MIX)
        .map(([kind, rate]) => `${kind} ${rate}/s`)
        .join(', ')}`,
    );
    const report = await soak(stack, setup);
    say('▶ checking');
    await untilCaughtUp(admin, stack.namespace, 180_000).catch((err: Error) => problems.push(err.message));
    problems.push(...report.problems, ...(await checkWrites(stack, setup, report)));
  } finally {
    await admin.disconnect();
    await stack.stop();
    await cluster('down');
    await resolved.stop();
  }
  say(
    problems.length === 0
      ? '\n✔ soak passed'
      : `\n✖ soak failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

async function untilCaughtUp(admin: ReturnType<Kafka['admin']>, namespace: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let behind = new Map<string, number>();
  while (Date.now() < deadline) {
    behind = new Map([...(await consumerLag(admin, namespace))].filter(([, lag]) => lag > 0));
    if (behind.size === 0) return;
    await sleep(2_000);
  }
  throw new Error(
    `consumer groups still behind after ${timeoutMs / 1000} s: ${[...behind].map(([g, n]) => `${g} ${n}`).join(', ')}`,
  );
}

interface Setup {
  adminToken: string;
  members: Member[];
  shows: { id: string; uId: string }[];
  audioUrl: string;
}

/** Members signed in, each in a conversation with the next; a show with one episode of real audio. */
async function prepare(
  stack: BenchStack,
  users: { id: string; username: string }[],
  shows: { id: string; uId: string }[],
): Promise<Setup> {
  const adminToken = (await signIn(stack.gatewayUrl, 'admin', stack.adminPassword)).token;
  const tokens = await Promise.all(
    users.map(async (user) => (await signIn(stack.gatewayUrl, user.username, BENCH_PASSWORD)).token),
  );
  const members: Member[] = [];
  for (const [n, user] of users.entries()) {
    const answer = await call(stack, 'POST', '/api/conversations', tokens[n]!, {
      recipientId: users[(n + 1) % users.length]!.id,
      text: 'soak: hello',
    });
    if (answer.status !== 201)
      throw new Error(`starting a conversation answered ${answer.status}: ${answer.text}`);
    members.push({ id: user.id, token: tokens[n]!, conversationId: JSON.parse(answer.text).conversation.id });
  }
  const show = JSON.parse(
    (
      await call(stack, 'POST', '/api/podcasts', adminToken, {
        name: `Soak ${Date.now()}`,
        category: 'Technology',
      })
    ).text,
  ) as { id: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wavTone({ seconds: 30, notes: [330, 440] }))]), 'soak.wav');
  const upload = await fetch(`${stack.gatewayUrl}/api/media/audio`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`uploading audio answered ${upload.status}`);
  const audioId = ((await upload.json()) as { id: string }).id;
  const episode = await call(stack, 'POST', '/api/episodes', adminToken, {
    podcastId: show.id,
    title: 'Soak',
    audioId,
  });
  if (episode.status !== 201)
    throw new Error(`creating the episode answered ${episode.status}: ${episode.text}`);
  return { adminToken, members, shows, audioUrl: JSON.parse(episode.text).audio.url };
}

function call(stack: BenchStack, method: string, path: string, token: string, body?: unknown) {
  return request(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

interface SoakReport {
  startedAt: number;
  sent: Record<Kind, number>;
  failures: Failure[];
  kills: Kill[];
  skipped: number;
  /** Message ids the platform acknowledged, by conversation. */
  messages: Map<string, string>;
  follows: { memberIndex: number; showId: string }[];
  end: Map<string, Sample>;
  /** Every process's memory every 30 s, to tell a leak's line from a heap that levels off. */
  timeline: { at: number; samples: Map<string, Sample> }[];
  cpuShare: number;
  problems: string[];
}

async function soak(stack: BenchStack, setup: Setup): Promise<SoakReport> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const sent = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, 0])) as Record<Kind, number>;
  const failures: Failure[] = [];
  const messages = new Map<string, string>();
  const follows: SoakReport['follows'] = [];
  const inFlight = new Map<Kind, number>();
  let skipped = 0;
  let followed = 0;

  const expect = async (kind: Kind, status: number, go: () => Promise<{ status: number; text: string }>) => {
    try {
      const answer = await go();
      if (answer.status !== status)
        failures.push({ kind, at: Date.now(), outcome: `${answer.status} ${answer.text.slice(0, 120)}` });
      return answer.status === status ? answer : undefined;
    } catch (err) {
      failures.push({ kind, at: Date.now(), outcome: `no answer (${(err as Error).message})` });
      return undefined;
    }
  };
  const requests: Record<Kind, () => Promise<unknown>> = {
    page: async () => {
      const show = pick(setup.shows);
      await expect('page', 200, () => request(`${stack.gatewayUrl}/api/podcasts/name/${show.uId}`));
      await expect('page', 200, () =>
        request(`${stack.gatewayUrl}/api/episodes/podcast-episodes?podcastId=${show.id}&page=1&limit=10`),
      );
    },
    feed: () =>
      expect('feed', 200, () => request(`${stack.gatewayUrl}/shows/${pick(setup.shows).uId}/feed.xml`)),
    audio: () =>
      expect('audio', 206, () =>
        request(`${stack.gatewayUrl}${setup.audioUrl}`, { headers: { range: 'bytes=0-65535' } }),
      ),
    message: async () => {
      const member = pick(setup.members);
      const answer = await expect('message', 201, () =>
        call(stack, 'POST', `/api/conversations/${member.conversationId}`, member.token, {
          text: `soak ${Date.now()}`,
        }),
      );
      if (answer) messages.set(JSON.parse(answer.text).message.id, member.conversationId);
    },
    follow: async () => {
      // A pair never followed before, so each acknowledged follow has exactly one event.
      const n = followed++;
      const memberIndex = n % setup.members.length;
      const show = setup.shows[Math.floor(n / setup.members.length) % setup.shows.length]!;
      const answer = await expect('follow', 200, () =>
        call(stack, 'PATCH', `/api/podcasts/${show.id}/follow`, setup.members[memberIndex]!.token),
      );
      if (answer) follows.push({ memberIndex, showId: show.id });
    },
    signIn: () => {
      // signIn throws on any refusal; a wrong status is a failure like any other.
      return expect('signIn', 200, async () => {
        await signIn(stack.gatewayUrl, 'admin', stack.adminPassword);
        return { status: 200, text: '' };
      });
    },
  };

  const started = Date.now();
  const endsAt = started + RUN_MS;
  const pacers = (Object.keys(MIX) as Kind[]).map(async (kind) => {
    const every = 1000 / MIX[kind];
    for (let n = 0; ; n++) {
      const dueAt = started + n * every;
      if (dueAt >= endsAt) return;
      await sleep(Math.max(0, dueAt - Date.now()));
      if ((inFlight.get(kind) ?? 0) >= IN_FLIGHT_CAP) {
        skipped++;
        continue;
      }
      sent[kind]++;
      inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
      void requests[kind]().finally(() => inFlight.set(kind, (inFlight.get(kind) ?? 1) - 1));
    }
  });

  const kills: Kill[] = [];
  const problems: string[] = [];
  const chaos = async () => {
    let nextProcess = started + PROCESS_KILL_EVERY_MS;
    let nextBroker = started + BROKER_KILL_EVERY_MS;
    while (Math.min(nextProcess, nextBroker) < endsAt) {
      const brokerTurn = nextBroker <= nextProcess;
      await sleep(Math.max(0, (brokerTurn ? nextBroker : nextProcess) - Date.now()));
      try {
        if (brokerTurn) {
          nextBroker += BROKER_KILL_EVERY_MS;
          const node = pick(CLUSTER_NODES);
          const pid = nodePid(node);
          kills.push({ at: Date.now(), what: `broker ${node}`, broker: true });
          say(`  ${minute(started)} SIGKILL broker ${node}`);
          process.kill(pid, 'SIGKILL');
          await exited(pid);
          await sleep(BROKER_AWAY_MS);
          await cluster('up');
          say(`  ${minute(started)} broker ${node} started again`);
        } else {
          nextProcess += PROCESS_KILL_EVERY_MS;
          const name = pick([...SERVICE_NAMES, 'gateway'] as (ServiceName | 'gateway')[]);
          const instance = Math.floor(Math.random() * stack.instances);
          const label = instance === 0 ? name : `${name}-${instance + 1}`;
          kills.push({ at: Date.now(), what: label, broker: false });
          say(`  ${minute(started)} SIGKILL ${label}`);
          await stack.crash(name, instance);
          say(`  ${minute(started)} ${label} ready again`);
        }
      } catch (err) {
        problems.push(`a kill did not recover: ${(err as Error).message}`);
      }
    }
  };

  const cpuBefore = cpuTimes();
  const timeline: SoakReport['timeline'] = [];
  const reading = setInterval(() => {
    void samples(stack).then((taken) => timeline.push({ at: Date.now(), samples: taken }));
  }, SAMPLE_EVERY_MS);
  const progress = setInterval(() => {
    const total = Object.values(sent).reduce((sum, n) => sum + n, 0);
    say(
      `  ${minute(started)} ${total} requests, ${failures.length} failed, ${messages.size} messages acknowledged`,
    );
  }, 60_000);
  await Promise.all([...pacers, chaos()]);
  clearInterval(progress);
  clearInterval(reading);
  // The last requests answer (or fail) before the end is read.
  while ([...inFlight.values()].some((n) => n > 0)) await sleep(100);
  const cpuAfter = cpuTimes();
  return {
    startedAt: started,
    sent,
    failures,
    kills,
    skipped,
    messages,
    follows,
    end: await samples(stack),
    timeline,
    cpuShare: (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.total - cpuBefore.total),
    problems,
  };
}

const minute = (started: number, at = Date.now()) =>
  `[${((at - started) / 60_000).toFixed(1).padStart(4)} min]`;

/** Every acknowledged write stored and on its topic; analytics counted each event once. */
async function checkWrites(stack: BenchStack, setup: Setup, report: SoakReport): Promise<string[]> {
  const problems: string[] = [];
  const member = (conversationId: string) => setup.members.find((m) => m.conversationId === conversationId)!;

  // Stored: each acknowledged message in its conversation, each acknowledged follow in place.
  const shown = new Set<string>();
  for (const conversationId of new Set(report.messages.values())) {
    let before = '';
    for (;;) {
      const page = JSON.parse(
        (
          await call(
            stack,
            'GET',
            `/api/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`,
            member(conversationId).token,
          )
        ).text,
      ) as { items: { id: string }[]; hasMore: boolean };
      page.items.forEach((message) => shown.add(message.id));
      if (!page.hasMore || page.items.length === 0) break;
      before = page.items.at(-1)!.id;
    }
  }
  const lostMessages = [...report.messages.keys()].filter((id) => !shown.has(id));
  let lostFollows = 0;
  for (const follow of report.follows) {
    const state = await call(
      stack,
      'GET',
      `/api/podcasts/${follow.showId}/follow`,
      setup.members[follow.memberIndex]!.token,
    );
    if (state.status !== 200 || !JSON.parse(state.text).following) lostFollows++;
  }

  // On the topics: each acknowledged write's event, however often it was published.
  const copies = new Map<string, number>();
  const sentIds = new Set<string>();
  const followedPairs = new Set<string>();
  const seen = (envelope: Envelope) => {
    copies.set(envelope.id, (copies.get(envelope.id) ?? 0) + 1);
    if (envelope.type === messageSent.type) sentIds.add(String(envelope.data.messageId));
    if (envelope.type === podcastFollowed.type)
      followedPairs.add(`${envelope.data.userId}/${envelope.data.podcastId}`);
  };
  const pairOf = (follow: SoakReport['follows'][number]) =>
    `${setup.members[follow.memberIndex]!.id}/${follow.showId}`;
  await readTopics(
    CLUSTER_BROKERS,
    [...new Set([messageSent.topic, podcastFollowed.topic])].map((topic) => stack.namespace + topic),
    seen,
    () =>
      [...report.messages.keys()].every((id) => sentIds.has(id)) &&
      report.follows.every((follow) => followedPairs.has(pairOf(follow))),
    120_000,
  );
  const eventsLost =
    [...report.messages.keys()].filter((id) => !sentIds.has(id)).length +
    report.follows.filter((follow) => !followedPairs.has(pairOf(follow))).length;

  // Applied once: analytics counts each event id once, so its totals are the distinct events.
  const stats = JSON.parse((await call(stack, 'GET', '/api/stats/daily?days=2', setup.adminToken)).text) as {
    totals: Record<string, number>;
  };
  const countedTwice = [
    ['messages', sentIds.size],
    ['follows', followedPairs.size],
  ].filter(([metric, distinct]) => stats.totals[metric as string] !== distinct);

  // Client errors: those in the seconds after a process kill are its in-flight requests.
  const explainedBy = (failure: Failure) =>
    report.kills.find((kill) => failure.at >= kill.at && failure.at <= kill.at + KILL_GRACE_MS);
  const unexplained = report.failures.filter((failure) => !explainedBy(failure));
  const afterBrokerKills = report.failures.filter((failure) => explainedBy(failure)?.broker).length;

  // Memory and open files of processes that ran from the warm-up to the end (not restarted), each
  // the median of a window of readings: a heap's sawtooth moves a single reading by ±15 %. Growth
  // is judged on Tukey's resistant line through every reading after the warm-up (memory-growth.ts):
  // the windows alone failed d45744b's gateway on a three-minute dip, and the least-squares line
  // failed cce987a's notifications on a ten-minute plateau in the middle of the hour.
  const growth: string[] = [];
  const rows: string[] = [];
  const endedAt = report.timeline.at(-1)?.at ?? Date.now();
  const readings = (name: string, from: number, to: number) =>
    report.timeline
      .filter(({ at }) => at >= from && at < to)
      .flatMap(({ samples: taken }) => taken.get(name) ?? []);
  for (const [name, last] of [...report.end].sort(([a], [b]) => a.localeCompare(b))) {
    const warmUpEnds = report.startedAt + WARM_UP_MS;
    const first = readings(name, warmUpEnds, warmUpEnds + WINDOW_MS);
    const end = [...readings(name, endedAt - WINDOW_MS, endedAt + 1), last];
    if (first.length === 0 || [...first, ...end].some((taken) => taken.pid !== last.pid)) {
      rows.push(
        `  ${name.padEnd(16)} restarted during the run: ${last.rssMb.toFixed(0)} MB, ${last.openFiles} files at the end`,
      );
      continue;
    }
    const medians = (pick: (taken: Sample) => number | undefined) =>
      [first, end].map((window) => median(window.flatMap((taken) => pick(taken) ?? [])));
    const [rssBefore, rssAfter] = medians((taken) => taken.rssMb);
    const [heapBefore, heapAfter] = medians((taken) => taken.heapMb);
    const [externalBefore, externalAfter] = medians((taken) => taken.externalMb);
    const [filesBefore, filesAfter] = medians((taken) => taken.openFiles);
    const rss = (rssAfter! - rssBefore!) / rssBefore!;
    const points = readings(name, warmUpEnds, endedAt + 1).map((taken, n, all) => ({
      x: n / Math.max(1, all.length - 1),
      y: taken.rssMb,
    }));
    const [trend, fitted] = [resistantGrowth(points), fittedGrowth(points)];
    rows.push(
      `  ${name.padEnd(16)} ${rssBefore!.toFixed(0).padStart(4)} → ${rssAfter!.toFixed(0).padStart(4)} MB (${(rss * 100).toFixed(1)} %, resistant line ${(trend * 100).toFixed(1)} %, least squares ${(fitted * 100).toFixed(1)} %), ` +
        `heap ${(heapBefore?.toFixed(0) ?? '?').padStart(3)} → ${(heapAfter?.toFixed(0) ?? '?').padStart(3)} MB, ` +
        `external ${(externalBefore?.toFixed(0) ?? '?').padStart(3)} → ${(externalAfter?.toFixed(0) ?? '?').padStart(3)} MB, ` +
        `${String(filesBefore).padStart(3)} → ${String(filesAfter).padStart(3)} files`,
    );
    if (trend > 0.1)
      growth.push(`${name}: memory grew ${(trend * 100).toFixed(1)} % after the warm-up (resistant line)`);
    if (filesAfter! > filesBefore! * 1.1 && filesAfter! - filesBefore! > 5)
      growth.push(`${name}: open files grew from ${filesBefore} to ${filesAfter}`);
  }

  const total = Object.values(report.sent).reduce((sum, n) => sum + n, 0);
  say(`\nSoak of ${MINUTES} minutes, two of every process, three brokers`);
  say(
    `  requests: ${total} (${Object.entries(report.sent)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}); skipped by the client: ${report.skipped}`,
  );
  say(`  machine CPU busy: ${(report.cpuShare * 100).toFixed(0)} % of both cores`);
  say(`  kills: ${report.kills.map((kill) => kill.what).join(', ') || 'none'}`);
  say(
    `  client errors: ${report.failures.length} (${report.failures.length - unexplained.length} within ${KILL_GRACE_MS / 1000} s of a kill, ${afterBrokerKills} of them after a broker's; ${unexplained.length} at other times)`,
  );
  for (const failure of unexplained.slice(0, 10)) {
    const last = report.kills.filter((kill) => kill.at <= failure.at).at(-1);
    const since = last
      ? `${((failure.at - last.at) / 1000).toFixed(1)} s after ${last.what}`
      : 'before any kill';
    say(`    ${minute(report.startedAt, failure.at)} ${failure.kind}: ${failure.outcome} (${since})`);
  }
  say(
    `  acknowledged writes: ${report.messages.size} messages, ${report.follows.length} follows; lost: ${lostMessages.length + lostFollows}`,
  );
  say(
    `  events of those writes missing from the topics: ${eventsLost}; published more than once: ${[...copies.values()].filter((n) => n > 1).length}`,
  );
  say(
    `  analytics: ${stats.totals.messages} messages and ${stats.totals.follows} follows counted, the topics hold ${sentIds.size} and ${followedPairs.size}`,
  );
  say(
    `  memory and open files, medians of the readings every ${SAMPLE_EVERY_MS / 1000} s in the ${WINDOW_MS / 60_000} minutes after the warm-up → in the last ${WINDOW_MS / 60_000}:`,
  );
  rows.forEach((row) => say(row));
  const timelineFile = path.join(os.tmpdir(), `podz-soak-memory-${report.startedAt}.tsv`);
  writeFileSync(
    timelineFile,
    [
      'minute\tprocess\tpid\trss_mb\theap_mb\texternal_mb\topen_files',
      ...report.timeline.flatMap(({ at, samples: taken }) =>
        [...taken].map(([name, s]) =>
          [
            ((at - report.startedAt) / 60_000).toFixed(1),
            name,
            s.pid,
            s.rssMb.toFixed(1),
            s.heapMb?.toFixed(1) ?? '',
            s.externalMb?.toFixed(1) ?? '',
            s.openFiles,
          ].join('\t'),
        ),
      ),
    ].join('\n') + '\n',
  );
  say(`  every process's memory every ${SAMPLE_EVERY_MS / 1000} s: ${timelineFile}`);

  if (unexplained.length > 0) problems.push(`${unexplained.length} client errors away from any kill`);
  if (lostMessages.length > 0)
    problems.push(`${lostMessages.length} acknowledged messages are not in their conversations`);
  if (lostFollows > 0) problems.push(`${lostFollows} acknowledged follows are not in place`);
  if (eventsLost > 0) problems.push(`${eventsLost} acknowledged writes have no event on the topics`);
  for (const [metric, distinct] of countedTwice)
    problems.push(
      `analytics counted ${stats.totals[metric as string]} ${metric}, the topics hold ${distinct}`,
    );
  problems.push(...growth);
  return problems;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
