import type { Admin } from 'kafkajs';
import type { Connection } from 'mongoose';
import { createEvent, deadLetterTopic } from '@podz/proto';
import { testInfra, uniqueName, readTopic } from '../src/testing';
import { EventConsumer, on, onBatch } from '../src/events/event-consumer';
import { EventProducer } from '../src/events/event-producer';
import { HandledEvents } from '../src/events/handled-events';
import { createKafka, ensureTopics } from '../src/events/kafka-client';
import { createLogger } from '../src/logging/logger';
import { connectMongo } from '../src/mongo/connect-mongo';
import { widgetCreated } from './fixtures/widget';
import { waitFor } from './helpers';

const infra = testInfra();
const logger = createLogger('consumer-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const kafka = createKafka('consumer-test', infra.kafkaBrokers, logger);
let admin: Admin;
let producer: EventProducer;
let db: Connection;
const consumers: EventConsumer[] = [];

beforeAll(async () => {
  admin = kafka.admin();
  await admin.connect();
  producer = new EventProducer(kafka);
  await producer.connect();
  db = await connectMongo({ url: infra.mongoUrl, database: uniqueName('test_kit_consumer'), logger });
});

afterAll(async () => {
  await Promise.all(consumers.map((consumer) => consumer.stop()));
  await db.dropDatabase();
  await db.close();
  await producer.disconnect();
  await admin.disconnect();
});

/** The real store of handled events, counting its statements. */
class CountedHandledEvents extends HandledEvents {
  reads = 0;
  writes = 0;

  override async seen(group: string, eventIds: string[]) {
    this.reads += 1;
    return super.seen(group, eventIds);
  }

  override async record(group: string, events: Parameters<HandledEvents['record']>[1]) {
    this.writes += 1;
    return super.record(group, events);
  }
}

interface ConsumerSetup {
  /** false: a group without handled-event records, whose handler is idempotent by itself. */
  recordHandled?: boolean;
  handled?: HandledEvents;
  /** Runs before the group starts, so what it publishes arrives in the group's first fetch. */
  published?: (definition: ReturnType<typeof widgetCreated>) => Promise<void>;
  groupId?: string;
}

async function startConsumer(
  topic: string,
  handler: (name: string, id: string, key: string) => Promise<void>,
  {
    recordHandled = true,
    handled = recordHandled ? new HandledEvents(db) : undefined,
    published = async () => undefined,
    groupId = uniqueName('group'),
  }: ConsumerSetup = {},
) {
  const definition = widgetCreated(topic);
  await ensureTopics(admin, [topic]);
  await published(definition);
  const consumer = new EventConsumer({
    kafka,
    groupId,
    subscriptions: [on(definition, (event) => handler(event.data.name, event.id, event.subject))],
    handled,
    producer,
    logger,
    retry: { attempts: 3, initialDelayMs: 10 },
  });
  consumers.push(consumer);
  await consumer.start();
  await consumer.ready();
  return definition;
}

/** A consumer whose one subscription takes its events in batches; it starts after `published`. */
async function startBatchConsumer(
  topic: string,
  handler: (names: string[]) => Promise<void>,
  published: (definition: ReturnType<typeof widgetCreated>) => Promise<void>,
  { handled, groupId = uniqueName('group') }: Pick<ConsumerSetup, 'handled' | 'groupId'> = {},
) {
  const definition = widgetCreated(topic);
  await ensureTopics(admin, [topic]);
  await published(definition);
  const consumer = new EventConsumer({
    kafka,
    groupId,
    subscriptions: [onBatch(definition, (events) => handler(events.map((event) => event.data.name)))],
    handled,
    producer,
    logger,
    retry: { attempts: 2, initialDelayMs: 10 },
  });
  consumers.push(consumer);
  await consumer.start();
  await consumer.ready();
}

describe('event consumers', () => {
  it('hand consecutive events of a batch subscription over together, in order', async () => {
    const topic = uniqueName('test.widget.batch');
    const calls: string[][] = [];
    const names = Array.from({ length: 30 }, (_, n) => `w${n}`);
    await startBatchConsumer(
      topic,
      async (batch) => void calls.push(batch),
      // One key, one partition: all thirty wait there before the group first fetches.
      (definition) =>
        producer.publish(
          names.map((name) => ({ topic, envelope: createEvent(definition, 'w-b', { name }) })),
        ),
    );
    await waitFor(() => calls.flat().length === names.length, 'every event of the batch');
    expect(calls.flat()).toEqual(names);
    expect(calls.length).toBeLessThan(names.length);
  });

  it('hand a batch only the events the group has not handled, each once, and record them in one write', async () => {
    const topic = uniqueName('test.widget.batchhandled');
    const groupId = uniqueName('group');
    const handled = new CountedHandledEvents(db);
    const calls: string[][] = [];
    let events: ReturnType<typeof createEvent>[] = [];
    await startBatchConsumer(
      topic,
      async (batch) => void calls.push(batch),
      async (definition) => {
        events = ['a', 'b', 'c', 'd', 'e'].map((name) => createEvent(definition, 'w-bh', { name }));
        const [a, b, c, d, e] = events;
        // b and d were handled before (by another instance, say); a is delivered twice.
        await handled.record(groupId, [b!, d!]);
        await producer.publish([a!, a!, b!, c!, d!, e!].map((envelope) => ({ topic, envelope })));
      },
      { handled, groupId },
    );
    await waitFor(() => calls.flat().includes('e'), 'the last event');
    expect(calls.flat()).toEqual(['a', 'c', 'e']);
    expect(calls.length).toBeLessThan(3); // together, not one by one
    const recorded = await handled.seen(
      groupId,
      events.map((event) => event.id),
    );
    expect(recorded.size).toBe(5);
    // One fetch, one run: one read of the records and one write, beside the setup's own write.
    expect(handled.writes - 1).toBeLessThanOrEqual(calls.length);
  });

  it('handle a batch that keeps failing one event at a time, parking only the failing one', async () => {
    const topic = uniqueName('test.widget.batchfail');
    const handled: string[] = [];
    const names = ['a', 'b', 'poison', 'c'];
    let publishedDefinition: ReturnType<typeof widgetCreated> | undefined;
    await startBatchConsumer(
      topic,
      async (batch) => {
        if (batch.includes('poison')) throw new Error('batch exploded');
        handled.push(...batch);
      },
      (definition) => {
        publishedDefinition = definition;
        return producer.publish(
          names.map((name) => ({ topic, envelope: createEvent(definition, 'w-bf', { name }) })),
        );
      },
    );
    await waitFor(() => handled.includes('c'), 'the events around the failing one');
    expect(handled).toEqual(['a', 'b', 'c']);
    const [parked] = await readTopic(infra.kafkaBrokers, deadLetterTopic(topic), {
      until: (m) => m.length >= 1,
    });
    expect(JSON.parse(parked!.value!)).toMatchObject({
      type: publishedDefinition!.type,
      data: { name: 'poison' },
    });
    expect(parked!.headers['x-error']).toBe('batch exploded');
  });

  it('handle different aggregates side by side, each one in order, with one read and one write of records per step', async () => {
    const topic = uniqueName('test.widget.keys');
    const keys = Array.from({ length: 12 }, (_, n) => `w-k${n}`);
    const order = new Map<string, string[]>();
    let running = 0;
    let most = 0;
    const handled = new CountedHandledEvents(db);
    const groupId = uniqueName('group');
    const envelopes: ReturnType<typeof createEvent>[] = [];
    await startConsumer(
      topic,
      async (name, _id, key) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.set(key, [...(order.get(key) ?? []), name]);
        running -= 1;
      },
      {
        handled,
        groupId,
        // Published before the group first fetches, so they arrive as one batch of the partition.
        published: async (definition) => {
          for (let n = 0; n < 5; n += 1) {
            for (const key of keys) envelopes.push(createEvent(definition, key, { name: `${key}#${n}` }));
          }
          await producer.publish(envelopes.map((envelope) => ({ topic, envelope })));
        },
      },
    );
    await waitFor(() => [...order.values()].flat().length === envelopes.length, 'every event');
    for (const key of keys) expect(order.get(key)).toEqual([0, 1, 2, 3, 4].map((n) => `${key}#${n}`));
    expect(most).toBeGreaterThan(1);
    // One fetched batch per partition (three at most), each one step: a read and a write apiece.
    expect(handled.reads).toBeLessThanOrEqual(3);
    // Recorded once each step has ended, a moment after its last handler.
    const ids = envelopes.map((envelope) => envelope.id);
    let recorded = 0;
    const store = new HandledEvents(db);
    await waitFor(async () => (recorded = (await store.seen(groupId, ids)).size) === ids.length, 'records');
    expect(recorded).toBe(ids.length);
    expect(handled.writes).toBe(handled.reads);
  });

  it('handle the same event delivered twice only once', async () => {
    const topic = uniqueName('test.widget.dup');
    const handled: string[] = [];
    const definition = await startConsumer(topic, async (_name, id) => void handled.push(id));
    const twice = createEvent(definition, 'w-1', { name: 'twice' });
    const after = createEvent(definition, 'w-1', { name: 'after' });
    await producer.publish([{ topic, envelope: twice }]);
    await producer.publish([{ topic, envelope: twice }]);
    await producer.publish([{ topic, envelope: after }]);
    await waitFor(() => handled.includes(after.id), 'the event after the duplicate');
    expect(handled.filter((id) => id === twice.id)).toHaveLength(1);
    expect(handled).toEqual([twice.id, after.id]);
  });

  it('share a group between two instances: partitions split, each event handled once, in order per aggregate, and the one left takes over', async () => {
    const topic = uniqueName('test.widget.shared');
    const groupId = uniqueName('group');
    const seen: { by: string; key: string; name: string; id: string }[] = [];
    const handler = (by: string) => async (name: string, id: string, key: string) =>
      void seen.push({ by, key, name, id });
    const definition = await startConsumer(topic, handler('one'), { groupId });
    await startConsumer(topic, handler('two'), { groupId });
    const [one] = consumers.slice(-2) as [EventConsumer, EventConsumer];
    await Promise.all(consumers.slice(-2).map((consumer) => consumer.ready()));

    const keys = Array.from({ length: 12 }, (_, n) => `w-${n}`);
    const round = (label: string) =>
      keys.map((key) => ({ topic, envelope: createEvent(definition, key, { name: `${label}-${key}` }) }));
    const first = [...round('a'), ...round('b')];
    // Every event twice, as a producer retrying after a lost acknowledgement would send it.
    await producer.publish([...first, ...first]);
    await waitFor(() => seen.length >= first.length, 'the first rounds');
    expect(new Set(seen.map((entry) => entry.by))).toEqual(new Set(['one', 'two']));

    // One instance leaves (a scale-down, a crash's rebalance): the other takes its partitions.
    await one.stop();
    const second = round('c');
    await producer.publish(second);
    await waitFor(() => seen.length >= first.length + second.length, 'the round after one left');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const ids = seen.map((entry) => entry.id);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(ids.sort()).toEqual([...first, ...second].map((message) => message.envelope.id).sort());
    expect(seen.slice(first.length).every((entry) => entry.by === 'two')).toBe(true);
    for (const key of keys) {
      expect(seen.filter((entry) => entry.key === key).map((entry) => entry.name)).toEqual(
        ['a', 'b', 'c'].map((label) => `${label}-${key}`),
      );
    }
  });

  it('without a record of handled events, hand a repeat to the idempotent handler and write nothing to the store', async () => {
    const topic = uniqueName('test.widget.own');
    const handled: string[] = [];
    const definition = await startConsumer(topic, async (_name, id) => void handled.push(id), {
      recordHandled: false,
    });
    const twice = createEvent(definition, 'w-2', { name: 'twice' });
    await producer.publish([{ topic, envelope: twice }]);
    await producer.publish([{ topic, envelope: twice }]);
    await waitFor(() => handled.length === 2, 'both deliveries');
    expect(handled).toEqual([twice.id, twice.id]);
    const records = await db
      .collection('handled_events')
      .countDocuments({ _id: { $regex: twice.id } as never });
    expect(records).toBe(0);
  });

  it('park an event whose handler keeps failing on <topic>.dlq with the error, and go on', async () => {
    const topic = uniqueName('test.widget.fail');
    const handled: string[] = [];
    let attempts = 0;
    const definition = await startConsumer(topic, async (name) => {
      if (name === 'poison') {
        attempts += 1;
        throw new Error('handler exploded');
      }
      handled.push(name);
    });
    const poison = createEvent(definition, 'w-2', { name: 'poison' });
    await producer.publish([{ topic, envelope: poison }]);
    await producer.publish([{ topic, envelope: createEvent(definition, 'w-2', { name: 'healthy' }) }]);

    await waitFor(() => handled.includes('healthy'), 'the event behind the failing one');
    expect(attempts).toBe(3);
    const [parked] = await readTopic(infra.kafkaBrokers, deadLetterTopic(topic), {
      until: (m) => m.length >= 1,
    });
    expect(JSON.parse(parked!.value!).id).toBe(poison.id);
    expect(parked!.key).toBe('w-2');
    expect(parked!.headers).toMatchObject({
      'x-error': 'handler exploded',
      'x-source-topic': topic,
      ce_type: 'podz.test.widget.created',
    });
    expect(parked!.headers['x-consumer-group']).toMatch(/^group_/);
  });

  it('park messages that are not valid events instead of crashing or blocking', async () => {
    const topic = uniqueName('test.widget.garbage');
    const handled: string[] = [];
    const definition = await startConsumer(topic, async (name) => void handled.push(name));
    await producer.sendRaw(topic, [{ key: 'w-3', value: 'this is not json', headers: {} }]);
    const wrongData = { ...createEvent(definition, 'w-3', { name: 'x' }), data: { name: 42 } };
    await producer.sendRaw(topic, [{ key: 'w-3', value: JSON.stringify(wrongData), headers: {} }]);
    await producer.publish([{ topic, envelope: createEvent(definition, 'w-3', { name: 'fine' }) }]);

    await waitFor(() => handled.includes('fine'), 'the valid event after the garbage');
    const parked = await readTopic(infra.kafkaBrokers, deadLetterTopic(topic), {
      until: (m) => m.length >= 2,
    });
    expect(parked.map((m) => m.headers['x-error'])).toEqual([
      'message value is not JSON',
      expect.stringContaining('data does not match podz.test.widget.created'),
    ]);
    expect(handled).toEqual(['fine']);
  });
});
