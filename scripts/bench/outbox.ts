// `npm run bench:outbox [-- --events N --concurrency C]`: how fast an event recorded in an
// aggregate's outbox reaches Kafka through the relay, on the real store and broker.
// Prints write→on-topic latency percentiles and sustained events per second.
import { concurrently, latencyLine, option, runBench } from './bench-kit';
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { z } from 'zod';
import { createEvent, defineEvent } from '../../proto/src';
import {
  EventProducer,
  OutboxRelay,
  connectMongo,
  createKafka,
  createLogger,
  ensureTopics,
  newWithEvents,
  outboxPlugin,
} from '../../services/kit/src';
import { resolveInfra } from '../../deploy/local/src/resolve-infra';

async function main() {
  const total = option('events', 2000);
  const concurrency = option('concurrency', 20);
  const infra = await resolveInfra(process.env, () => undefined);
  const logger = createLogger('bench', process.env.BENCH_LOG_LEVEL ?? 'error');
  const topic = `bench.outbox.${randomUUID().slice(0, 8)}`;
  const kafka = createKafka('bench', infra.endpoints.KAFKA_BROKERS.split(','), logger);
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [topic]);
  const producer = new EventProducer(kafka);
  await producer.connect();
  const db = await connectMongo({
    url: infra.endpoints.MONGO_URL,
    database: `bench_${randomUUID().slice(0, 8)}`,
    logger,
  });
  const schema = new Schema({ n: Number });
  schema.plugin(outboxPlugin);
  const Thing = db.model('Thing', schema);
  const definition = defineEvent({
    type: 'podz.bench.thing.created',
    topic,
    source: 'bench',
    description: 'benchmark event',
    data: z.object({ n: z.number() }),
    example: { n: 1 },
  });
  const relay = new OutboxRelay(producer, logger, { pollMs: 1000 });
  relay.watch(Thing);
  relay.start();

  const writtenAt = new Map<string, number>();
  const latencies: number[] = [];
  const consumer = kafka.consumer({ groupId: `bench-${randomUUID()}` });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let done: () => void = () => undefined;
  const allSeen = new Promise<void>((resolve) => (done = resolve));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const id = JSON.parse(message.value!.toString()).id as string;
      latencies.push(performance.now() - writtenAt.get(id)!);
      if (latencies.length === total) done();
    },
  });
  await joined;

  const started = performance.now();
  await concurrently(concurrency, total, async (n) => {
    const thing = new Thing({ n });
    const event = createEvent(definition, thing.id, { n });
    writtenAt.set(event.id, performance.now());
    await Thing.create(newWithEvents({ _id: thing._id, n }, [{ topic, envelope: event }]));
    relay.kick();
  });
  await allSeen;
  const seconds = (performance.now() - started) / 1000;
  console.log(`outbox relay: ${total} events, ${concurrency} concurrent writers`);
  console.log(`  throughput  ${(total / seconds).toFixed(0)} events/s (${seconds.toFixed(2)} s)`);
  console.log(latencyLine('write→topic latency', latencies));

  await consumer.disconnect();
  await relay.stop();
  await db.dropDatabase();
  await db.close();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [topic, `${topic}.dlq`] }).catch(() => undefined);
  await admin.disconnect();
  await infra.stop();
}

runBench(main);
