import type { EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
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
import { GroupMember } from './group-member';

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
 * partition, in order, so that a write per event can become a write per batch. A group that
 * records handled events hands it only those it has not handled; a failing batch is still retried
 * whole, so its writes must be safe to repeat. When a batch keeps failing, its events are tried one
 * by one so only the failing one is parked.
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
  /** How many aggregates of one partition are handled side by side (each still in order). */
  concurrency?: number;
}

/** Aggregates of a partition handled side by side when none is said: handlers mostly wait on I/O. */
export const DEFAULT_CONSUMER_CONCURRENCY = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class PoisonEvent extends Error {}

/** A message read: an event for a subscription, one for nobody here, or one that cannot be read. */
type Read =
  | { kind: 'event'; subscription: Subscription; event: EventEnvelope }
  | { kind: 'other' }
  | { kind: 'poison'; error: unknown };

/**
 * A stretch of a fetched batch handled as one step: consecutive events for one batch handler, or
 * messages handled one by one with different aggregates side by side.
 */
type Step =
  | { kind: 'run'; subscription: Subscription; handler: BatchHandler<EventDefinition>; items: Item[] }
  | { kind: 'each'; items: Item[] };

interface Item {
  message: KafkaMessage;
  read: Read;
}

/**
 * Handles each event at most once per consumer group, retries a failing handler with backoff, and
 * parks what still fails (or cannot be read) on the topic's dead-letter topic with the error
 * attached, then moves on: one bad event never blocks the partition behind it.
 */
export class EventConsumer extends GroupMember {
  private readonly byType: Map<string, Subscription>;
  private readonly retry: { attempts: number; initialDelayMs: number };
  private readonly concurrency: number;

  constructor(private readonly options: ConsumerOptions) {
    super(
      options.kafka,
      {
        groupId: options.groupId,
        // kafkajs fetches up to 10 MB at a time by default, per group; a process holds several groups.
        // Half a megabyte a partition is still a thousand events or more per fetch when catching up.
        maxBytesPerPartition: 512 * 1024,
        maxBytes: 2 * 1024 * 1024,
      },
      options.logger,
    );
    this.byType = new Map(options.subscriptions.map((s) => [s.definition.type, s]));
    this.retry = options.retry ?? { attempts: 5, initialDelayMs: 200 };
    this.concurrency = options.concurrency ?? DEFAULT_CONSUMER_CONCURRENCY;
  }

  get topics(): string[] {
    const namespace = this.options.namespace ?? '';
    return [...new Set(this.options.subscriptions.map((s) => namespace + s.definition.topic))];
  }

  /** Joins the group in the background (`GroupMember`); `ready()` says when it has. */
  start(): Promise<void> {
    // Partitions side by side (each still in order): events of one aggregate share a partition, and
    // two instances of a service would split the partitions between them anyway.
    return this.join(this.topics, {
      partitionsConsumedConcurrently: DEFAULT_PARTITIONS,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  /**
   * A fetched batch of one partition: cut into steps (see `steps`), each handled whole before the
   * next starts, so an aggregate's events stay in order while different aggregates move side by
   * side. A step's offsets are resolved once it is done; stopping (or losing the partition) mid-step
   * leaves the step for whoever reads next, and what was handled is skipped or harmless again.
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
    const live = () => isRunning() && !isStale();
    for (const step of this.steps(batch.messages)) {
      if (!live()) return;
      const finished =
        step.kind === 'run'
          ? await this.handleRun(topic, partition, step)
          : await this.handleEach(topic, partition, step.items, live, heartbeat);
      const last = step.items[step.items.length - 1];
      if (!finished || !last) return;
      resolveOffset(last.message.offset);
      await heartbeat();
    }
    await commitOffsetsIfNecessary();
  }

  /**
   * Consecutive events of a batch subscription make a run; everything between runs is one step
   * handled message by message.
   */
  private steps(messages: KafkaMessage[]): Step[] {
    const steps: Step[] = [];
    for (const message of messages) {
      const read = this.read(message.value);
      const handler = read.kind === 'event' ? read.subscription.batch : undefined;
      const last = steps[steps.length - 1];
      if (read.kind === 'event' && handler) {
        if (last?.kind === 'run' && last.subscription === read.subscription)
          last.items.push({ message, read });
        else
          steps.push({ kind: 'run', subscription: read.subscription, handler, items: [{ message, read }] });
      } else if (last?.kind === 'each') {
        last.items.push({ message, read });
      } else {
        steps.push({ kind: 'each', items: [{ message, read }] });
      }
    }
    return steps;
  }

  /**
   * Messages one by one, an aggregate (the message key) at a time in order and up to `concurrency`
   * aggregates side by side: a handler waiting on the store or another service no longer holds up
   * the partition behind it. The group's handled-event records are read once before and written
   * once after. Says whether every message was handled (false when stopping cut it short).
   */
  private async handleEach(
    topic: string,
    partition: number,
    items: Item[],
    live: () => boolean,
    heartbeat: () => Promise<void>,
  ): Promise<boolean> {
    const { groupId, handled, logger } = this.options;
    const events = items.flatMap(({ read }) => (read.kind === 'event' ? [read.event] : []));
    const seen = handled
      ? await handled.seen(
          groupId,
          events.map((event) => event.id),
        )
      : new Set<string>();
    const done: EventEnvelope[] = [];
    let finished = true;
    const handleChain = async (chain: Item[]) => {
      for (const { message, read } of chain) {
        if (!live()) {
          finished = false;
          return;
        }
        await heartbeat(); // kafkajs sends one only when the interval has passed
        if (read.kind === 'poison') await this.deadLetter(topic, partition, message, read.error);
        if (read.kind !== 'event') continue;
        if (seen.has(read.event.id)) {
          logger.debug({ eventId: read.event.id, type: read.event.type }, 'event already handled, skipping');
          continue;
        }
        if (handled) seen.add(read.event.id); // the same event twice in one batch
        try {
          await this.runWithRetry(() => read.subscription.handler(read.event), read.event);
          done.push(read.event);
        } catch (err) {
          await this.deadLetter(topic, partition, message, err);
        }
      }
    };
    try {
      await inParallel(byKey(items), this.concurrency, handleChain);
    } finally {
      // What was handled is recorded even when stopping or a dead-letter send cut the step short.
      await handled?.record(groupId, done);
    }
    return finished;
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

  /**
   * A run's events the group has not handled, in one call to the batch handler, recorded as handled
   * once after. A run that keeps failing is handled one event at a time, so only what fails is
   * parked.
   */
  private async handleRun(
    topic: string,
    partition: number,
    { subscription, handler, items }: Extract<Step, { kind: 'run' }>,
  ): Promise<boolean> {
    const { groupId, handled } = this.options;
    const fresh = handled ? await this.unhandled(items) : items;
    const events = fresh.flatMap(({ read }) => (read.kind === 'event' ? [read.event] : []));
    // A run of one is handled as the event it is: retried, then parked.
    if (events.length > 1) {
      const failed = await this.runWithRetry(() => handler(events), events).then(
        () => false,
        (err: unknown) => {
          this.options.logger.warn(
            { err, count: events.length, type: subscription.definition.type },
            'event batch failed; handling its events one by one',
          );
          return true;
        },
      );
      // Outside the handler's failure: a record that cannot be written fails the step, as in `handleEach`.
      if (!failed) {
        await handled?.record(groupId, events);
        return true;
      }
    }
    const done: EventEnvelope[] = [];
    try {
      for (const { message, read } of fresh) {
        if (read.kind !== 'event') continue;
        try {
          await this.runWithRetry(() => read.subscription.handler(read.event), read.event);
          done.push(read.event);
        } catch (err) {
          await this.deadLetter(topic, partition, message, err);
        }
      }
    } finally {
      await handled?.record(groupId, done);
    }
    return true;
  }

  /** The items whose events the group has not handled, each event once. */
  private async unhandled(items: Item[]): Promise<Item[]> {
    const ids = items.flatMap(({ read }) => (read.kind === 'event' ? [read.event.id] : []));
    const seen = (await this.options.handled?.seen(this.options.groupId, ids)) ?? new Set<string>();
    return items.filter(({ read }) => {
      if (read.kind !== 'event' || seen.has(read.event.id)) return false;
      seen.add(read.event.id); // the same event twice in one run
      return true;
    });
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

/** The items of each message key, in order; messages without a key share one chain. */
function byKey(items: Item[]): Item[][] {
  const chains = new Map<string, Item[]>();
  for (const item of items) {
    const key = item.message.key?.toString('latin1') ?? '';
    const chain = chains.get(key);
    if (chain) chain.push(item);
    else chains.set(key, [item]);
  }
  return [...chains.values()];
}

/**
 * Runs `work` on every item, at most `limit` at once. A failure stops new items from starting and
 * is thrown once the ones under way have ended, so nothing is left running behind the caller.
 */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
}
