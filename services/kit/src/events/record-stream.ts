import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { RecordStreamDefinition } from '@podz/proto';
import type { Logger } from '../logging/logger';
import { packRecords } from './record-messages';

export interface RecordStreamOptions<T, I = T> {
  kafka: Kafka;
  definition: RecordStreamDefinition;
  /** Before the topic name (KAFKA_NAMESPACE). */
  namespace?: string;
  logger: Logger;
  /** The message key: records with one key stay in order on one partition. */
  keyOf: (record: T) => string;
  /**
   * Turns what `push` took into the records sent, a batch at a time, just before it leaves (items it
   * returns no record for are not sent). Work that repeats across a batch (one listener's many
   * requests) is then done once per batch, and none of it on the path that pushed. If it throws, the
   * batch waits for the next attempt like one the broker refused. Without it, items are the records.
   */
  prepare?: (items: I[]) => Promise<T[]>;
  /** A batch leaves when it holds this many records… */
  maxBatch?: number;
  /** …or this long after its first record arrived. */
  lingerMs?: number;
  /** Records held while the broker is away; beyond it the newest are dropped and counted. */
  maxBuffered?: number;
}

/**
 * Records leave the serving process in batches, off the request path: `push` never waits and never
 * throws. What a crash can lose is what has not left yet: the batch lingering (at most `lingerMs`
 * of records) and the batch in flight. A clean `stop()` sends everything first. While the broker is
 * unreachable records wait in memory up to `maxBuffered`, then the newest are dropped and counted
 * (`dropped`), so a broker outage never grows the process without bound.
 */
export class RecordStream<T, I = T> {
  private readonly producer: Producer;
  private readonly prepare: (items: I[]) => Promise<T[]>;
  private readonly topic: string;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly maxBuffered: number;
  private buffer: I[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private stopped = false;
  /** Records dropped because the buffer was full. */
  dropped = 0;
  /** Records the broker has acknowledged. */
  sent = 0;

  constructor(private readonly options: RecordStreamOptions<T, I>) {
    this.topic = (options.namespace ?? '') + options.definition.topic;
    this.prepare = options.prepare ?? (async (items) => items as unknown as T[]);
    this.maxBatch = options.maxBatch ?? 500;
    this.lingerMs = options.lingerMs ?? 200;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.producer = options.kafka.producer({
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  connect(): Promise<void> {
    return this.producer.connect();
  }

  push(item: I): void {
    if (this.stopped || this.buffer.length + this.inFlight >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(item);
    if (this.buffer.length >= this.maxBatch) this.flushSoon(0);
    else this.flushSoon(this.lingerMs);
  }

  /** Sends everything pushed so far; resolves once the broker has it (or the attempt failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending = this.sending.then(() => this.sendAll());
    return this.sending;
  }

  async stop(): Promise<void> {
    await this.flush();
    this.stopped = true;
    if (this.buffer.length > 0)
      this.options.logger.warn(
        { topic: this.topic, records: this.buffer.length },
        'records not sent at stop',
      );
    await this.producer.disconnect();
  }

  private flushSoon(delayMs: number) {
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  private async sendAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.maxBatch);
      this.inFlight = batch.length;
      try {
        const records = await this.prepare(batch);
        if (records.length === 0) continue;
        await this.producer.send({
          topic: this.topic,
          acks: -1,
          messages: packRecords(records, this.options.keyOf),
        });
        this.sent += records.length;
      } catch (err) {
        // Back to the front, in order, for the next attempt; the timer brings it.
        this.buffer = batch.concat(this.buffer);
        this.options.logger.warn(
          { err, topic: this.topic, waiting: this.buffer.length },
          'record batch not sent',
        );
        if (!this.stopped) this.flushSoon(1000);
        return;
      } finally {
        this.inFlight = 0;
      }
    }
  }
}
