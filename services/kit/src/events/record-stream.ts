import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { RecordStreamDefinition } from '@podz/proto';
import type { Logger } from '../logging/logger';

export interface RecordStreamOptions<T> {
  kafka: Kafka;
  definition: RecordStreamDefinition;
  /** Before the topic name (KAFKA_NAMESPACE). */
  namespace?: string;
  logger: Logger;
  /** The message key: records with one key stay in order on one partition. */
  keyOf: (record: T) => string;
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
export class RecordStream<T> {
  private readonly producer: Producer;
  private readonly topic: string;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly maxBuffered: number;
  private buffer: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private stopped = false;
  /** Records dropped because the buffer was full. */
  dropped = 0;
  /** Records the broker has acknowledged. */
  sent = 0;

  constructor(private readonly options: RecordStreamOptions<T>) {
    this.topic = (options.namespace ?? '') + options.definition.topic;
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

  push(record: T): void {
    if (this.stopped || this.buffer.length + this.inFlight >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(record);
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
        await this.producer.send({
          topic: this.topic,
          acks: -1,
          messages: batch.map((record) => ({
            key: this.options.keyOf(record),
            value: JSON.stringify(record),
          })),
        });
        this.sent += batch.length;
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
