// What reading a history costs before any work: a bare kafkajs consumer, a group of its own, reading
// topics from the start to their current end and decoding every message (JSON), nothing applied.
// The catch-up figures (a new projection replaying the network's history, analytics ingesting a
// year of listens) are ratios to it, read from the same broker in the same run.
import { randomUUID } from 'node:crypto';
import { createKafka, recordsOfMessage, type Logger } from '../../services/kit/src';

export interface ReadFloor {
  /** Messages, or records when messages pack several (`records: true`), read a second. */
  perSecond: number;
  count: number;
  seconds: number;
}

export async function readFloor(
  brokers: string[],
  topics: string[],
  logger: Logger,
  options: { records?: boolean } = {},
): Promise<ReadFloor> {
  const kafka = createKafka('bench-read-floor', brokers, logger);
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map<string, number>();
  let total = 0;
  for (const topic of topics) {
    for (const partition of await admin.fetchTopicOffsets(topic)) {
      ends.set(`${topic}/${partition.partition}`, Number(partition.high));
      total += Number(partition.high) - Number(partition.low);
    }
  }
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: `bench-read-floor-${randomUUID()}` });
  await consumer.connect();
  let count = 0;
  let messages = 0;
  // From the moment the consumer is asked to read, as the catch-ups are timed from their process's
  // readiness: joining the group is part of reading a history.
  const started = performance.now();
  try {
    await consumer.subscribe({ topics, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      if (total === 0) resolve();
      void consumer.run({
        autoCommit: false,
        eachBatch: async ({ batch }) => {
          for (const message of batch.messages) {
            count += options.records
              ? recordsOfMessage(message.value).length
              : (JSON.parse(message.value?.toString() ?? 'null'), 1);
            messages += 1;
          }
          if (messages >= total) resolve();
        },
      });
    });
    await Promise.race([
      done,
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`read floor: ${messages} of ${total} read in 5 minutes`)),
          300_000,
        ).unref(),
      ),
    ]);
  } finally {
    await consumer.disconnect();
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, count, seconds };
}
