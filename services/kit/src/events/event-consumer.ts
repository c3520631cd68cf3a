import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
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

export type BatchHandler<D extends EventDefinition> = (
  events: EventEnvelope<EventData<D>>[],
) => Promise<void>;

export interface Subscription {
  definition: EventDefinition;
  handler: EventHandler<EventDefinition>;
  /** Takes consecutive events of the type at once (see `onBatch`). */
  batch?: BatchHandler<EventDefinition>;
}

/** Pairs an event definition with its handler, keeping the handler's `data` typed. */
export function on<D extends EventDefinition>(definition: D, handler: EventHandler<D>): Subscription {
  return { definition, handler: handler as EventHandler<EventDefinition> };
}

/**
 * A handler of several events of one type at once: the consecutive ones of a fetched batch of a
 * partition, in order, so that a write per event can become a write per batch. It must be
 * idempotent by itself (a group that records handled events hands it one event at a time), and
 * when a batch keeps failing, its events are tried one by one so only the failing one is parked.
 */
export function onBatch<D extends EventDefinition>(definition: D, handler: BatchHandler<D>): Subscription {
  const batch = handler as BatchHandler<EventDefinition>;
  return { definition, handler: (event) => batch([event]), batch };
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

/** A message read: an event for a subscription, one for nobody here, or one that cannot be read. */
type Read =
  | { kind: 'event'; subscription: Subscription; event: EventEnvelope }
  | { kind: 'other' }
  | { kind: 'poison'; error: unknown };

/** Consecutive events for one batch handler, waiting to be handed over together. */
interface Run {
  subscription: Subscription;
  handler: BatchHandler<EventDefinition>;
  events: EventEnvelope[];
  messages: KafkaMessage[];
  /** The offset of the run's last message. */
  through: string;
}

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
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.onBatch(payload),
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

  /**
   * A fetched batch of one partition, in order: each event by its handler, consecutive events of a
   * batch subscription together; an offset is resolved only once everything before it is handled.
   * Stopping (or losing the partition) mid-batch leaves the rest for whoever reads next.
   */
  private async onBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
    commitOffsetsIfNecessary,
  }: EachBatchPayload): Promise<void> {
    const { topic, partition } = batch;
    let run: Run | undefined;
    const flush = async () => {
      if (!run) return;
      const done = run;
      run = undefined;
      await this.handleRun(topic, partition, done);
      resolveOffset(done.through);
      await heartbeat();
    };
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) return;
      const read = this.read(message.value);
      const handler = read.kind === 'event' && !this.options.handled ? read.subscription.batch : undefined;
      if (read.kind === 'event' && handler) {
        if (run && run.subscription !== read.subscription) await flush();
        run ??= {
          subscription: read.subscription,
          handler,
          events: [],
          messages: [],
          through: message.offset,
        };
        run.events.push(read.event);
        run.messages.push(message);
        run.through = message.offset;
        continue;
      }
      await flush();
      if (read.kind === 'poison') await this.deadLetter(topic, partition, message, read.error);
      if (read.kind === 'event') await this.handleOne(topic, partition, message, read);
      resolveOffset(message.offset);
      await heartbeat();
    }
    if (!isRunning() || isStale()) return;
    await flush();
    await commitOffsetsIfNecessary();
  }

  private read(value: Buffer | null): Read {
    let envelope: EventEnvelope;
    try {
      envelope = this.parse(value);
    } catch (error) {
      return { kind: 'poison', error };
    }
    const subscription = this.byType.get(envelope.type);
    if (!subscription) return { kind: 'other' }; // another group's business
    const data = subscription.definition.data.safeParse(envelope.data);
    if (!data.success) {
      return {
        kind: 'poison',
        error: new PoisonEvent(`data does not match ${envelope.type}: ${data.error.message}`),
      };
    }
    return { kind: 'event', subscription, event: { ...envelope, data: data.data } };
  }

  private async handleOne(
    topic: string,
    partition: number,
    message: KafkaMessage,
    { subscription, event }: { subscription: Subscription; event: EventEnvelope },
  ): Promise<void> {
    const { groupId, handled, logger } = this.options;
    if (handled && (await handled.has(groupId, event.id))) {
      logger.debug({ eventId: event.id, type: event.type }, 'event already handled, skipping');
      return;
    }
    try {
      await this.runWithRetry(() => subscription.handler(event), event);
      await handled?.record(groupId, event.id, event.type);
    } catch (err) {
      await this.deadLetter(topic, partition, message, err);
    }
  }

  /** A batch that keeps failing is handled one event at a time, so only what fails is parked. */
  private async handleRun(
    topic: string,
    partition: number,
    { subscription, handler, events, messages }: Run,
  ) {
    // A batch of one is handled as the event it is: retried, then parked.
    if (events.length > 1) {
      try {
        await this.runWithRetry(() => handler(events), events);
        return;
      } catch (err) {
        this.options.logger.warn(
          { err, count: events.length, type: subscription.definition.type },
          'event batch failed; handling its events one by one',
        );
      }
    }
    for (const [index, event] of events.entries()) {
      const message = messages[index];
      if (message) await this.handleOne(topic, partition, message, { subscription, event });
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

  private async runWithRetry(
    run: () => Promise<void>,
    cause: EventEnvelope | EventEnvelope[],
  ): Promise<void> {
    let delay = this.retry.initialDelayMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await run();
        return;
      } catch (err) {
        if (attempt >= this.retry.attempts) throw err;
        const [first, count] = Array.isArray(cause) ? [cause[0], cause.length] : [cause, 1];
        this.options.logger.warn(
          { err, attempt, eventId: first?.id, type: first?.type, count },
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
    message: KafkaMessage,
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
