import { Kafka, logLevel, type Admin } from 'kafkajs';
import { deadLetterTopic } from '@podz/proto';
import type { Logger } from '../logging/logger';

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

/**
 * Creates each topic and its dead-letter topic when missing. Partitions keep one aggregate's events
 * in order (the key is the aggregate id) while letting consumers scale out.
 */
export async function ensureTopics(admin: Admin, topics: readonly string[], partitions = DEFAULT_PARTITIONS) {
  const wanted = [...new Set(topics.flatMap((topic) => [topic, deadLetterTopic(topic)]))];
  if (wanted.length === 0) return;
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((topic) => !existing.has(topic));
  if (missing.length === 0) return;
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
  });
}
