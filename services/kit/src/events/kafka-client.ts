import { Kafka, logLevel, type Admin } from 'kafkajs';
import { deadLetterTopic } from '@podz/proto';
import type { Logger } from '../logging/logger';
import { installKafkajsIdleTimerFix } from './kafkajs-idle-timer';

installKafkajsIdleTimerFix();

const KAFKA_TO_PINO = {
  [logLevel.NOTHING]: 'silent',
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
} as const;

/** kafkajs logs through the service logger, so its output is structured and redacted like ours. */
export function createKafka(clientId: string, brokers: string[], logger: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers,
    retry: { retries: 8, initialRetryTime: 200 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => {
      // Retries are bounded on purpose (a dead broker must fail a publish, not hang it); the rare
      // duplicate that allows is absorbed by idempotent consumers, so this warning is noise.
      if (entry.log.message?.startsWith('Limiting retries for the idempotent producer')) return;
      let level: string = KAFKA_TO_PINO[entry.level as keyof typeof KAFKA_TO_PINO] ?? 'info';
      // kafkajs logs every failed protocol response as an error, then retries it itself; only a
      // failure that outlasts the retries matters, and that one surfaces as a thrown error.
      if (level === 'error' && entry.log.message?.startsWith('Response ')) level = 'warn';
      if (level === 'silent') return;
      const { message, ...rest } = entry.log;
      logger[level as 'info']({ kafka: entry.namespace, ...rest }, message);
    },
  });
}

export const DEFAULT_PARTITIONS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function allHaveLeaders(admin: Admin, topics: string[]): Promise<boolean> {
  try {
    const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
    return metadata.every(
      (topic) => topic.partitions.length > 0 && topic.partitions.every((p) => p.leader >= 0),
    );
  } catch {
    return false; // not visible to metadata yet
  }
}

/**
 * Runs `call` (a subscribe, say) again while the cluster answers that it does not know a topic yet:
 * on a cluster of several brokers, a topic that one broker reports with leaders can still be unknown
 * to another for a moment, and kafkajs gives up on UNKNOWN_TOPIC_OR_PARTITION instead of retrying.
 */
export async function whileTopicsPropagate<T>(call: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      const unknownTopic = (err as { type?: string }).type === 'UNKNOWN_TOPIC_OR_PARTITION';
      if (!unknownTopic || Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
}

/**
 * Creates each topic and its dead-letter topic when missing, and returns once every partition has
 * a leader. Partitions keep one aggregate's events in order (the key is the aggregate id) while
 * letting consumers scale out. The leader wait is ours, not kafkajs's: on a broker that has just
 * started, with several services creating topics at once, kafkajs's own wait gives up on
 * UNKNOWN_TOPIC_OR_PARTITION instead of retrying.
 */
export async function ensureTopics(
  admin: Admin,
  topics: readonly string[],
  partitions = DEFAULT_PARTITIONS,
  timeoutMs = 30_000,
): Promise<void> {
  await createTopics(
    admin,
    topics.map((topic) => ({ topic, numPartitions: partitions })),
    timeoutMs,
  );
}

/**
 * A record stream's topic (and its dead-letter topic) with the stream's partitions and retention:
 * its records are raw facts kept for a bounded time, not events kept as long as the broker's default.
 */
export async function ensureStreamTopic(
  admin: Admin,
  topic: string,
  stream: { partitions: number; retentionDays: number },
  timeoutMs = 30_000,
): Promise<void> {
  const configEntries = [{ name: 'retention.ms', value: String(stream.retentionDays * 24 * 3600 * 1000) }];
  await createTopics(admin, [{ topic, numPartitions: stream.partitions, configEntries }], timeoutMs);
}

interface TopicSpec {
  topic: string;
  numPartitions: number;
  configEntries?: { name: string; value: string }[];
}

async function createTopics(admin: Admin, specs: TopicSpec[], timeoutMs: number): Promise<void> {
  const wanted = new Map<string, TopicSpec>();
  for (const spec of specs) {
    wanted.set(spec.topic, spec);
    wanted.set(deadLetterTopic(spec.topic), { ...spec, topic: deadLetterTopic(spec.topic) });
  }
  if (wanted.size === 0) return;
  const existing = new Set(await admin.listTopics());
  const missing = [...wanted.values()].filter((spec) => !existing.has(spec.topic));
  if (missing.length > 0) {
    try {
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((spec) => ({ ...spec, replicationFactor: -1 })),
      });
    } catch (err) {
      // Another process created one of them first: what matters is that they exist.
      if (
        !String((err as Error).message)
          .toLowerCase()
          .includes('already exists')
      )
        throw err;
    }
  }
  const names = [...wanted.keys()];
  const deadline = Date.now() + timeoutMs;
  while (!(await allHaveLeaders(admin, names))) {
    if (Date.now() > deadline)
      throw new Error(`topics without leaders after ${timeoutMs} ms: ${names.join(', ')}`);
    await sleep(200);
  }
}
