import type { Admin } from 'kafkajs';
import { z } from 'zod';
import { deadLetterTopic, type RecordStreamDefinition } from '@podz/proto';
import { readTopic, testInfra, uniqueName } from '../src/testing';
import { EventProducer } from '../src/events/event-producer';
import { createKafka, ensureStreamTopic } from '../src/events/kafka-client';
import { RecordConsumer } from '../src/events/record-consumer';
import { recordsOfMessage } from '../src/events/record-messages';
import { RecordStream } from '../src/events/record-stream';
import { createLogger } from '../src/logging/logger';
import { waitFor } from './helpers';

// A record stream on the real broker: what the serving side pushes is prepared a batch at a time,
// leaves as one message per key, and comes out of the consumer as the records, in order.

const infra = testInfra();
const logger = createLogger('record-stream-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const kafka = createKafka('record-stream-test', infra.kafkaBrokers, logger);
const tick = z.object({ who: z.string(), n: z.number().int() });
type Tick = z.infer<typeof tick>;
let admin: Admin;
let producer: EventProducer;

function definition(): RecordStreamDefinition<typeof tick> {
  return {
    topic: uniqueName('test.ticks'),
    source: 'test',
    description: 'ticks',
    partitions: 2,
    retentionDays: 1,
    record: tick,
    example: { who: 'a', n: 1 },
  };
}

async function consume(stream: RecordStreamDefinition<typeof tick>, applied: Tick[]) {
  const consumer = new RecordConsumer({
    kafka,
    groupId: uniqueName('ticks'),
    definition: stream,
    logger,
    producer,
    apply: async (records) => void applied.push(...records),
  });
  await consumer.start();
  return consumer;
}

beforeAll(async () => {
  admin = kafka.admin();
  await admin.connect();
  producer = new EventProducer(kafka);
  await producer.connect();
});
afterAll(async () => {
  await producer.disconnect();
  await admin.disconnect();
});

describe('a record stream', () => {
  it('prepares each batch once, sends a run of one key as one message, and reads back every record in order', async () => {
    const stream = definition();
    await ensureStreamTopic(admin, stream.topic, stream);
    const prepared: number[] = [];
    const sender = new RecordStream<Tick, { who: string; n: number; keep: boolean }>({
      kafka,
      definition: stream,
      logger,
      keyOf: (record) => record.who,
      lingerMs: 50,
      prepare: async (items) => {
        prepared.push(items.length);
        return items.filter((item) => item.keep).map(({ who, n }) => ({ who, n }));
      },
    });
    await sender.connect();
    for (let n = 1; n <= 6; n += 1) sender.push({ who: n % 2 ? 'ann' : 'bo', n, keep: n !== 4 });
    await sender.flush();
    // A batch that prepares into no records sends nothing, and is not tried again.
    sender.push({ who: 'ann', n: 7, keep: false });
    await sender.flush();
    await sender.stop();
    expect(prepared).toEqual([6, 1]);
    expect(sender.sent).toBe(5);

    const messages = await readTopic(infra.kafkaBrokers, stream.topic, { until: (seen) => seen.length >= 2 });
    expect(messages.map((message) => [message.key, recordsOfMessage(message.value)]).sort()).toEqual([
      [
        'ann',
        [
          { who: 'ann', n: 1 },
          { who: 'ann', n: 3 },
          { who: 'ann', n: 5 },
        ],
      ],
      [
        'bo',
        [
          { who: 'bo', n: 2 },
          { who: 'bo', n: 6 },
        ],
      ],
    ]);

    const applied: Tick[] = [];
    const consumer = await consume(stream, applied);
    await waitFor(() => applied.length >= 5, 'five records applied');
    await consumer.stop();
    expect(applied.filter((record) => record.who === 'ann').map((record) => record.n)).toEqual([1, 3, 5]);
    expect(applied.filter((record) => record.who === 'bo').map((record) => record.n)).toEqual([2, 6]);
  });

  it('reads a message of one record as that record, and parks only the records that do not match', async () => {
    const stream = definition();
    await ensureStreamTopic(admin, stream.topic, stream);
    await producer.sendRaw(stream.topic, [
      { key: 'ann', value: JSON.stringify({ who: 'ann', n: 1 }), headers: {} },
      {
        key: 'ann',
        value: JSON.stringify([
          { who: 'ann', n: 2 },
          { who: 'ann', n: 'two' },
          { who: 'ann', n: 3 },
        ]),
        headers: {},
      },
      { key: 'ann', value: 'not json', headers: {} },
    ]);
    const applied: Tick[] = [];
    const consumer = await consume(stream, applied);
    await waitFor(() => applied.length >= 3, 'three records applied');
    const parked = await readTopic(infra.kafkaBrokers, deadLetterTopic(stream.topic), {
      until: (seen) => seen.length >= 2,
    });
    await consumer.stop();
    expect(applied.map((record) => record.n)).toEqual([1, 2, 3]);
    expect(parked.map((message) => message.value)).toEqual([
      JSON.stringify({ who: 'ann', n: 'two' }),
      'not json',
    ]);
    expect(parked.map((message) => message.headers['x-error']?.slice(0, 18))).toEqual([
      'record does not ma',
      'record is not JSON',
    ]);
  });
});
