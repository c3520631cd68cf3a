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
import { atLeast, atMost, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { load } from './http-load';
import type { SeededNetwork } from './seed-network';

const FOLLOWERS = 1_000;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`notifications bench: ${what} took over ${timeoutMs / 1000} s`);
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
  const kafka = createKafka('bench', endpoints.KAFKA_BROKERS.split(','), logger);
  const producer = new EventProducer(kafka, stack.namespace);
  await producer.connect();
  const db = await connectMongo({
    url: endpoints.MONGO_URL,
    database: stack.databases.notifications,
    logger,
  });
  try {
    const podcastId = seeded.bigShow.id;
    const followers = seeded.users.slice(0, FOLLOWERS);
    await producer.publish(
      followers.map((user, n) =>
        pendingEvent(podcastFollowed, podcastId, { podcastId, userId: user.id, followerCount: n + 1 }),
      ),
    );
    // Bench-side counts (a scan each): the service itself never counts.
    await until(
      'the follows',
      async () => (await db.collection('follows').countDocuments({ podcastId })) >= FOLLOWERS,
    );

    const episodeId = new Types.ObjectId().toHexString();
    const key = `episode:${episodeId}`;
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
    await until('the announcement', async () =>
      Boolean(await db.collection('once_marks').findOne({ _id: key as never, done: true })),
    );
    const announced = (performance.now() - started) / 1000;
    const told = await db.collection('bells').countDocuments({ 'items.id': key });
    if (told < FOLLOWERS - 1)
      throw new Error(`notifications bench: ${told} bells of ${FOLLOWERS} have the episode`);

    const reader = followers[0]!;
    await new SessionRevocations(redis).recordVersion(reader.id, 0);
    const token = signSessionToken(
      { id: reader.id, username: reader.username, role: 'user', access: ['user'], sessionVersion: 0 },
      stack.keys.privateKey,
      3600,
    );
    const bell = await load(`${stack.gatewayUrl}/api/notifications`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    if (bell.unexpected) throw new Error(`bell reads: ${bell.breakdown}`);
    return [
      {
        name: `notifications: new episode in ${FOLLOWERS.toLocaleString('en')} followers' bells`,
        value: announced,
        unit: 's',
        goal: atMost(30),
      },
      {
        name: 'notifications: bell reads, gateway, 20 conns',
        value: bell.requestsPerSecond,
        unit: 'req/s',
        goal: atLeast(500),
      },
      { name: 'notifications: bell read p99', value: bell.p99, unit: 'ms', goal: atMost(50) },
    ];
  } finally {
    await producer.disconnect();
    await db.close();
  }
}
