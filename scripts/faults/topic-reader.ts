import { Kafka, logLevel } from 'kafkajs';

export interface Envelope {
  id: string;
  type: string;
  subject: string;
  data: Record<string, unknown>;
}

/**
 * Reads topics from their start until `done` says enough was seen or the time is up, and hands
 * each event's envelope to `seen`. A group of its own, so it disturbs no service's offsets.
 */
export async function readTopics(
  brokers: string,
  topics: string[],
  seen: (envelope: Envelope, topic: string) => void,
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const kafka = new Kafka({
    clientId: 'fault-suite',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `fault-suite-${Date.now().toString(36)}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        if (message.value) seen(JSON.parse(message.value.toString()), topic);
      },
    });
    const deadline = Date.now() + timeoutMs;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  } finally {
    await consumer.disconnect();
  }
}

export const readTopic = (
  brokers: string,
  topic: string,
  seen: (envelope: Envelope) => void,
  done: () => boolean,
  timeoutMs: number,
) => readTopics(brokers, [topic], seen, done, timeoutMs);
