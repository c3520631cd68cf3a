import type { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import {
  deadLetterTopic,
  envelopeSchema,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
} from '@podz/proto';
import type { Logger } from '../logging/logger';
import type { EventProducer } from './event-producer';
import type { HandledEvents } from './handled-events';
import { DEFAULT_PARTITIONS } from './kafka-client';

export type EventHandler<D extends EventDefinition> = (event: EventEnvelope<EventData<D>>) => Promise<void>;

export interface Subscription {
  definition: EventDefinition;
  handler: EventHandler<EventDefinition>;
}

/** Pairs an event definition with its handler, keeping the handler's `data` typed. */
export function on<D extends EventDefinition>(definition: D, handler: EventHandler<D>): Subscription {
  return { definition, handler: handler as EventHandler<EventDefinition> };
}

export interface ConsumerOptions {
  kafka: Kafka;
  groupId: string;
  subscriptions: Subscription[];
  /** Before each topic name (KAFKA_NAMESPACE); the group id arrives with it already. */
  namespace?: string;
  /** Where handled events are recorded; none when every handler is idempotent by itself. */
  handled?: HandledEvents;
  /** Used to park failing events on `<topic>.dlq`. */
  producer: EventProducer;
  logger: Logger;
  retry?: { attempts: number; initialDelayMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class PoisonEvent extends Error {}

/**
 * Handles each event at most once per consumer group, retries a failing handler with backoff, and
 * parks what still fails (or cannot be read) on the topic's dead-letter topic with the error
 * attached, then moves on: one bad event never blocks the partition behind it.
 */
export class EventConsumer {
  private readonly consumer: Consumer;
  private readonly byType: Map<string, Subscription>;
  private readonly retry: { attempts: number; initialDelayMs: number };
  private joined: Promise<void>;
  /** Settles once the group is joined (or the attempt failed). */
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly options: ConsumerOptions) {
    this.consumer = options.kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: false });
    this.byType = new Map(options.subscriptions.map((s) => [s.definition.type, s]));
    this.retry = options.retry ?? { attempts: 5, initialDelayMs: 200 };
    this.joined = new Promise((resolve) => {
      const remove = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        remove();
        resolve();
      });
    });
  }

  get topics(): string[] {
    const namespace = this.options.namespace ?? '';
    return [...new Set(this.options.subscriptions.map((s) => namespace + s.definition.topic))];
  }

  /**
   * Connects and subscribes, then joins the group in the background: a process restarted after a
   * crash waits for the broker to expire its old member (the session timeout, 30 s) before the
   * group takes it back, and its HTTP side need not wait with it. Events published meanwhile wait
   * on the topic; `ready()` says when the group has been joined.
   */
  async start(): Promise<void> {
    await this.consumer.connect();
    // A new group reads from the beginning, so events published before it first ran are not lost.
    await this.consumer.subscribe({ topics: this.topics, fromBeginning: true });
    // Partitions side by side (each still in order): events of one aggregate share a partition, and
    // two instances of a service would split the partitions between them anyway.
    this.running = this.consumer
      .run({
        partitionsConsumedConcurrently: DEFAULT_PARTITIONS,
        eachMessage: (payload) => this.onMessage(payload),
      })
      .catch((err: unknown) =>
        // kafkajs retries a failed join itself; what reaches here outlasted its retries.
        this.options.logger.error({ err, groupId: this.options.groupId }, 'consumer did not start'),
      );
  }

  /** Resolves once the group has partitions assigned (tests wait for it before producing). */
  ready(): Promise<void> {
    return this.joined;
  }

  async stop(): Promise<void> {
    // kafkajs cannot call off a join in progress: one that completes after a disconnect starts
    // fetching on a closed client. So the join ends first, however it ends.
    await this.running;
    await this.consumer.disconnect();
  }

  private async onMessage({ topic, partition, message }: EachMessagePayload): Promise<void> {
    const { groupId, handled, logger } = this.options;
    let envelope: EventEnvelope;
    try {
      envelope = this.parse(message.value);
    } catch (err) {
      await this.deadLetter(topic, partition, message, err);
      return;
    }
    const subscription = this.byType.get(envelope.type);
    if (!subscription) return; // another group's business
    if (handled && (await handled.has(groupId, envelope.id))) {
      logger.debug({ eventId: envelope.id, type: envelope.type }, 'event already handled, skipping');
      return;
    }
    try {
      const data = subscription.definition.data.safeParse(envelope.data);
      if (!data.success) throw new PoisonEvent(`data does not match ${envelope.type}: ${data.error.message}`);
      await this.runWithRetry(() => subscription.handler({ ...envelope, data: data.data }), envelope);
      await handled?.record(groupId, envelope.id, envelope.type);
    } catch (err) {
      await this.deadLetter(topic, partition, message, err);
    }
  }

  private parse(value: Buffer | null): EventEnvelope {
    if (!value) throw new PoisonEvent('message has no value');
    let json: unknown;
    try {
      json = JSON.parse(value.toString('utf8'));
    } catch {
      throw new PoisonEvent('message value is not JSON');
    }
    const parsed = envelopeSchema.safeParse(json);
    if (!parsed.success) throw new PoisonEvent(`not a PODZ event envelope: ${parsed.error.message}`);
    return parsed.data as EventEnvelope;
  }

  private async runWithRetry(run: () => Promise<void>, envelope: EventEnvelope): Promise<void> {
    let delay = this.retry.initialDelayMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await run();
        return;
      } catch (err) {
        if (attempt >= this.retry.attempts) throw err;
        this.options.logger.warn(
          { err, attempt, eventId: envelope.id, type: envelope.type },
          'event handler failed, retrying',
        );
        await sleep(delay);
        delay *= 2;
      }
    }
  }

  private async deadLetter(
    topic: string,
    partition: number,
    message: EachMessagePayload['message'],
    err: unknown,
  ): Promise<void> {
    const reason = err instanceof Error ? err.message : String(err);
    this.options.logger.error(
      { topic, partition, offset: message.offset, reason },
      'event sent to dead-letter topic',
    );
    const headers: Record<string, string | Buffer> = {};
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (typeof value === 'string' || Buffer.isBuffer(value)) headers[name] = value;
    }
    await this.options.producer.sendRaw(deadLetterTopic(topic), [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...headers,
          'x-error': reason.slice(0, 2000),
          'x-error-at': new Date().toISOString(),
          'x-source-topic': topic,
          'x-source-partition': String(partition),
          'x-source-offset': message.offset,
          'x-consumer-group': this.options.groupId,
        },
      },
    ]);
  }
}
