import { Kafka, logLevel } from 'kafkajs';
import { uniqueName } from './test-infra';

export interface ReadMessage {
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
  partition: number;
  offset: string;
}

/**
 * Reads a topic from the beginning with a fresh consumer group until `until` is satisfied or the
 * time runs out, and returns everything seen. Used to check what really reached the broker.
 */
export async function readTopic(
  brokers: string[],
  topic: string,
  options: { until?: (messages: ReadMessage[]) => boolean; timeoutMs?: number } = {},
): Promise<ReadMessage[]> {
  const { until = () => false, timeoutMs = 10_000 } = options;
  const kafka = new Kafka({ clientId: 'test-reader', brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: uniqueName('reader') });
  const messages: ReadMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
          messages.push({
            key: message.key?.toString() ?? null,
            value: message.value?.toString() ?? null,
            headers,
            partition,
            offset: message.offset,
          });
          if (until(messages)) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return messages;
}
