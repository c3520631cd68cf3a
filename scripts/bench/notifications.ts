// The notifications service under a real network's load: a new episode of a show with 1,000
// followers reaching every bell (events in, one keyed bell document written per follower), and
// members reading their bell through the gateway.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { episodeCreated, podcastFollowed, SESSION_COOKIE } from '../../proto/src';
import {
  connectMongo,
  createKafka,
  EventProducer,
  pendingEvent,
  SessionRevocations,
  signSessionToken,
  type Logger,
} from '../../services/kit/src';
import type { Redis } from 'ioredis';
import { atMost, storeCpuSeconds, type Figure } from './bench-kit';
import { FLOORS } from './floors';
import { cpuAtFloorRate, FLOOR_RATE, halfLoadTail } from './half-load';
import type { BenchStack } from './bench-stack';
import type { SeededNetwork } from './seed-network';

const FOLLOWERS = 1_000;
/**
 * Telling a follower costs notifications and the store at most this many signed-in-POST floors: a
 * bell is one keyed write, done in batches.
 */
const BELL_WRITE_CPU_IN_FLOORS = 6;
/** Gateway + notifications CPU per bell read at most this many signed-in-GET floors (two processes). */
const BELL_READ_CPU_IN_FLOORS = 3;

/** Waits for `check`, saying every 15 s how far it has got (`progress`): a slow stage shows where it stands. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  progress: () => Promise<string>,
  timeoutMs = 300_000,
): Promise<void> {
  const started = Date.now();
  let toldAt = started;
  while (!(await check())) {
    const now = Date.now();
    if (now - started > timeoutMs)
      throw new Error(`notifications bench: ${what} took over ${timeoutMs / 1000} s (${await progress()})`);
    if (now - toldAt >= 15_000) {
      console.log(`  waiting ${((now - started) / 1000).toFixed(0)} s for ${what}: ${await progress()}`);
      toldAt = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function notificationsBench(
  stack: BenchStack,
  endpoints: { MONGO_URL: string; KAFKA_BROKERS: string },
  seeded: SeededNetwork,
  redis: Redis,
  logger: Logger,
): Promise<Figure[]> {
  // Each step said as it starts: a stage that stalls shows where.
  const began = performance.now();
  const step = (what: string) =>
    console.log(`  · ${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  step('connecting');
  const kafka = createKafka('bench', endpoints.KAFKA_BROKERS.split(','), logger);
  const producer = new EventProducer(kafka, stack.namespace);
  await producer.connect();
  const db = await connectMongo({
    url: endpoints.MONGO_URL,
    database: stack.databases.notifications,
    logger,
  });
  try {
    step('publishing the follows');
    const podcastId = seeded.bigShow.id;
    const followers = seeded.users.slice(0, FOLLOWERS);
    await producer.publish(
      followers.map((user, n) =>
        pendingEvent(podcastFollowed, podcastId, { podcastId, userId: user.id, followerCount: n + 1 }),
      ),
    );
    // Bench-side counts (a scan each): the service itself never counts.
    const follows = () => db.collection('follows').countDocuments({ podcastId });
    await until(
      'the follows',
      async () => (await follows()) >= FOLLOWERS,
      async () => `${await follows()} of ${FOLLOWERS} follows applied`,
    );

    step('publishing the episode');
    const episodeId = new Types.ObjectId().toHexString();
    const key = `episode:${episodeId}`;
    const cpuBefore = stack.cpuSeconds('notifications') + (storeCpuSeconds() ?? 0);
    const started = performance.now();
    await producer.publish([
      pendingEvent(episodeCreated, episodeId, {
        episodeId,
        podcastId,
        title: `Bench ${randomUUID().slice(0, 6)}`,
        status: 'published',
        publishedAt: new Date().toISOString(),
      }),
    ]);
    // Done when the announcement is marked done: every follower's bell has it (the owner's excepted).
    await until(
      'the announcement',
      async () => Boolean(await db.collection('once_marks').findOne({ _id: key as never, done: true })),
      async () =>
        `${await db.collection('bells').countDocuments({ 'items.id': key })} bells have the episode`,
    );
    const announced = (performance.now() - started) / 1000;
    const cpuPerBell =
      ((stack.cpuSeconds('notifications') + (storeCpuSeconds() ?? 0) - cpuBefore) * 1000) / FOLLOWERS;
    const told = await db.collection('bells').countDocuments({ 'items.id': key });
    if (told < FOLLOWERS - 1)
      throw new Error(`notifications bench: ${told} bells of ${FOLLOWERS} have the episode`);

    step('reading bells');
    const reader = followers[0]!;
    await new SessionRevocations(redis).recordVersion(reader.id, 0);
    const token = signSessionToken(
      { id: reader.id, username: reader.username, role: 'user', access: ['user'], sessionVersion: 0 },
      stack.keys.privateKey,
      3600,
    );
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    const bellCpu = await cpuAtFloorRate({
      url: `${stack.gatewayUrl}/api/notifications`,
      headers,
      cpu: () => stack.cpuSeconds('gateway') + stack.cpuSeconds('notifications'),
    });
    return [
      {
        name: `notifications: new episode in ${FOLLOWERS.toLocaleString('en')} followers' bells`,
        value: announced,
        unit: 's',
      },
      {
        name: 'notifications: CPU per bell told, notifications + the store',
        value: cpuPerBell,
        unit: 'ms',
        versus: FLOORS.signedInPost,
        goal: atMost(BELL_WRITE_CPU_IN_FLOORS),
      },
      {
        name: `notifications: gateway + notifications CPU per bell read at ${FLOOR_RATE}/s`,
        value: bellCpu,
        unit: 'ms',
        versus: FLOORS.signedInGet,
        goal: atMost(BELL_READ_CPU_IN_FLOORS),
      },
      ...(await halfLoadTail({
        name: 'notifications: bell reads',
        url: `${stack.gatewayUrl}/api/notifications`,
        headers,
        goalMs: 50,
        flatOutName: 'notifications: bell reads, gateway, 20 conns',
      })),
    ];
  } finally {
    step('disconnecting');
    await producer.disconnect();
    await db.close();
    step('done');
  }
}
