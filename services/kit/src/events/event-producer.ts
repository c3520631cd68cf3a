import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { EventEnvelope } from '@podz/proto';

/** An event on its way to Kafka: the envelope and the topic it belongs on. */
export interface PendingEvent {
  topic: string;
  envelope: EventEnvelope;
}

export const CLOUDEVENTS_CONTENT_TYPE = 'application/cloudevents+json; charset=UTF-8';

export function toKafkaMessage(envelope: EventEnvelope) {
  return {
    key: envelope.subject,
    value: JSON.stringify(envelope),
    headers: { 'content-type': CLOUDEVENTS_CONTENT_TYPE, ce_type: envelope.type, ce_id: envelope.id },
  };
}

/**
 * Idempotent producer with acks from every in-sync replica: the broker drops retried duplicates,
 * and a send only resolves once the event is durable.
 */
export class EventProducer {
  private readonly producer: Producer;

  /** `namespace` goes before each topic an event is published to (KAFKA_NAMESPACE). */
  constructor(
    kafka: Kafka,
    private readonly namespace = '',
  ) {
    this.producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      // Murmur2, the partitioner Java clients use, so every client agrees where a key lives.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  connect(): Promise<void> {
    return this.producer.connect();
  }

  disconnect(): Promise<void> {
    return this.producer.disconnect();
  }

  async publish(events: readonly PendingEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const { topic, envelope } of events) {
      const same = byTopic.get(topic);
      if (same) same.push(envelope);
      else byTopic.set(topic, [envelope]);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, envelopes]) => ({
        topic: this.namespace + topic,
        messages: envelopes.map(toKafkaMessage),
      })),
    });
  }

  /** Sends raw messages to a topic named in full (the dead-letter path keeps the original bytes). */
  async sendRaw(
    topic: string,
    messages: {
      key: Buffer | string | null;
      value: Buffer | string | null;
      headers: Record<string, string | Buffer>;
    }[],
  ) {
    await this.producer.send({ topic, acks: -1, messages });
  }
}
