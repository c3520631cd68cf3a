import { Kafka, logLevel } from 'kafkajs';

/**
 * Reads a topic from its start until `done` says enough was seen or the time is up, and hands
 * each event's envelope to `seen`. A group of its own, so it disturbs no service's offsets.
 */
export async function readTopic(
  brokers: string,
  topic: string,
  seen: (envelope: { id: string; type: string; data: Record<string, unknown> }) => void,
  done: () => boolean,
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
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (message.value) seen(JSON.parse(message.value.toString()));
      },
    });
    const deadline = Date.now() + timeoutMs;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  } finally {
    await consumer.disconnect();
  }
}
