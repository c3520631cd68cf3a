// Event lag at a steady rate: each event is written to an aggregate's outbox (as every service
// writes), published by the kit relay, and handled by a kit consumer (idempotency record and all).
// Measures write→on the topic and write→applied by the consumer.
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { z } from 'zod';
import { createEvent, defineEvent } from '../../proto/src';
import {
  EventConsumer,
  EventProducer,
  HandledEvents,
  OutboxRelay,
  connectMongo,
  createKafka,
  ensureTopics,
  newWithEvents,
  on,
  outboxPlugin,
  type Logger,
} from '../../services/kit/src';
import { percentile } from './bench-kit';

/** The key of the events stage's write → applied p99, which later pipelines are ratios to. */
export const EVENT_APPLIED = 'event write → applied p99';

export interface EventLag {
  eventsPerSecond: number;
  topicP99: number;
  appliedP99: number;
  /**
   * The same documents written and their events published straight after (no outbox, no relay), at
   * the same rate: what a write and a send cost before the outbox's guarantees, p99.
   */
  directP99: number;
}

export async function eventLag(
  endpoints: { MONGO_URL: string; KAFKA_BROKERS: string },
  logger: Logger,
  { rate, events }: { rate: number; events: number },
): Promise<EventLag> {
  const run = randomUUID().slice(0, 8);
  const topic = `bench_${run}.lag`;
  const kafka = createKafka('bench', endpoints.KAFKA_BROKERS.split(','), logger);
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [topic, `${topic}.dlq`, `${topic}.direct`]);
  const producer = new EventProducer(kafka);
  await producer.connect();
  const db = await connectMongo({ url: endpoints.MONGO_URL, database: `bench_${run}_lag`, logger });
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
  const onTopic: number[] = [];
  const applied: number[] = [];
  const watcher = kafka.consumer({ groupId: `bench-${run}-watch` });
  const joined = new Promise((resolve) => watcher.on(watcher.events.GROUP_JOIN, resolve));
  await watcher.connect();
  await watcher.subscribe({ topic, fromBeginning: true });
  await watcher.run({
    eachMessage: async ({ message }) => {
      const id = JSON.parse(message.value!.toString()).id as string;
      onTopic.push(performance.now() - writtenAt.get(id)!);
    },
  });
  const consumer = new EventConsumer({
    kafka,
    groupId: `bench-${run}-apply`,
    subscriptions: [
      on(definition, async (event) => {
        applied.push(performance.now() - writtenAt.get(event.id)!);
      }),
    ],
    handled: new HandledEvents(db),
    producer,
    logger,
  });
  await consumer.start();
  await Promise.all([joined, consumer.ready()]);

  // Through the outbox and straight to the topic in turns, half the events each time, so a
  // moment when the machine is busy falls on both and not on whichever ran first.
  const direct: number[] = [];
  let written = 0;
  let seconds = 0;
  /** `count` new things at `rate`: thing n is written at n/rate seconds, whatever the last cost. */
  const paced = async (count: number, write: (thing: InstanceType<typeof Thing>, n: number) => void) => {
    const started = performance.now();
    for (let n = 0; n < count; n += 1) {
      const wait = started + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      write(new Thing({ n }), n);
    }
  };
  const throughOutbox = async (count: number) => {
    const started = performance.now();
    await paced(count, (thing, n) => {
      const event = createEvent(definition, thing.id, { n });
      writtenAt.set(event.id, performance.now());
      void Thing.create(newWithEvents({ _id: thing._id, n }, [{ topic, envelope: event }])).then(() =>
        relay.kick(),
      );
    });
    written += count;
    const deadline = Date.now() + 60_000;
    while ((onTopic.length < written || applied.length < written) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seconds += (performance.now() - started) / 1000;
  };
  const straight = async (count: number) => {
    const sends: Promise<void>[] = [];
    await paced(count, (thing, n) => {
      const event = createEvent(definition, thing.id, { n });
      const at = performance.now();
      sends.push(
        Thing.create({ _id: thing._id, n })
          .then(() => producer.publish([{ topic: `${topic}.direct`, envelope: event }]))
          .then(() => {
            direct.push(performance.now() - at);
          }),
      );
    });
    await Promise.all(sends);
  };
  const half = Math.ceil(events / 2);
  await throughOutbox(half);
  await straight(half);
  await straight(events - half);
  await throughOutbox(events - half);
  await consumer.stop();
  await watcher.disconnect();
  await relay.stop();
  await db.dropDatabase();
  await db.close();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [topic, `${topic}.dlq`, `${topic}.direct`] }).catch(() => undefined);
  await admin.disconnect();
  if (applied.length < events) throw new Error(`only ${applied.length}/${events} events were applied`);
  return {
    eventsPerSecond: events / seconds,
    topicP99: percentile(onTopic, 99),
    appliedP99: percentile(applied, 99),
    directP99: percentile(direct, 99),
  };
}
