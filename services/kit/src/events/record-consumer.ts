import type { Kafka, KafkaMessage } from 'kafkajs';
import { deadLetterTopic, type RecordStreamDefinition } from '@podz/proto';
import type { z } from 'zod';
import type { Logger } from '../logging/logger';
import type { EventProducer } from './event-producer';
import { recordsOfMessage } from './record-messages';
import { GroupMember } from './group-member';

export interface RecordConsumerOptions<D extends RecordStreamDefinition> {
  kafka: Kafka;
  groupId: string;
  definition: D;
  namespace?: string;
  logger: Logger;
  /** Parks records that do not parse on `<topic>.dlq`. */
  producer: EventProducer;
  /**
   * Applies records in the order they were read. It must be idempotent: after a crash the records
   * since the last committed offset are handed over again.
   */
  apply: (records: z.infer<D['record']>[]) => Promise<void>;
  /** Records per `apply` call, about: a chunk ends with the message that reaches it. */
  chunk?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads a record stream in batches: each fetched batch is parsed, applied in chunks and its offset
 * committed once applied, so a crash replays at most what was fetched after the last commit. A
 * failing `apply` is retried with backoff (up to 30 s between attempts) rather than skipped: rollups
 * fed from the stream must not miss a record because Redis blinked.
 */
export class RecordConsumer<D extends RecordStreamDefinition> extends GroupMember {
  private readonly topic: string;
  /** Records applied since start. */
  applied = 0;

  constructor(private readonly options: RecordConsumerOptions<D>) {
    super(
      options.kafka,
      {
        groupId: options.groupId,
        // A megabyte a partition is a few thousand listen records a fetch; more only held memory.
        maxBytesPerPartition: 1024 * 1024,
        maxBytes: 4 * 1024 * 1024,
        // The broker answers a fetch once 64 kB are there or a quarter second has gone: a stream
        // read as fast as it is written would cost a fetch, an apply and a commit every few records.
        minBytes: 64 * 1024,
        maxWaitTimeInMs: 250,
      },
      options.logger,
    );
    this.topic = (options.namespace ?? '') + options.definition.topic;
  }

  get topics(): string[] {
    return [this.topic];
  }

  start(): Promise<void> {
    return this.join([this.topic], {
      partitionsConsumedConcurrently: 1,
      eachBatchAutoResolve: false,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        isRunning,
        isStale,
        commitOffsetsIfNecessary,
      }) => {
        // Chunks end on a message: its offset is what is committed once the chunk is applied.
        const size = this.options.chunk ?? 1000;
        let records: z.infer<D['record']>[] = [];
        for (const [n, message] of batch.messages.entries()) {
          if (!isRunning() || isStale()) return;
          records.push(...(await this.parse(batch.partition, message)));
          if (records.length < size && n < batch.messages.length - 1) continue;
          // Stopping while Redis is away: leave the chunk uncommitted for whoever reads next.
          if (records.length > 0 && !(await this.applyWithRetry(records, heartbeat, isRunning))) return;
          this.applied += records.length;
          records = [];
          resolveOffset(message.offset);
          await commitOffsetsIfNecessary();
          await heartbeat();
        }
      },
    });
  }

  /** The records a message carries that match the schema; the rest go to the dead-letter topic. */
  private async parse(partition: number, message: KafkaMessage): Promise<z.infer<D['record']>[]> {
    let candidates: unknown[];
    try {
      candidates = recordsOfMessage(message.value);
    } catch {
      await this.deadLetter(partition, message, [{ value: message.value, reason: 'record is not JSON' }]);
      return [];
    }
    const records: z.infer<D['record']>[] = [];
    const rejected: { value: Buffer | string | null; reason: string }[] = [];
    for (const candidate of candidates) {
      const parsed = this.options.definition.record.safeParse(candidate);
      if (parsed.success) records.push(parsed.data as z.infer<D['record']>);
      else
        rejected.push({
          // One record of a message that carried several is parked alone: the others were applied.
          value: candidates.length === 1 ? message.value : JSON.stringify(candidate),
          reason: `record does not match: ${parsed.error.message}`,
        });
    }
    if (rejected.length > 0) await this.deadLetter(partition, message, rejected);
    return records;
  }

  private async deadLetter(
    partition: number,
    message: KafkaMessage,
    rejected: { value: Buffer | string | null; reason: string }[],
  ): Promise<void> {
    this.options.logger.error(
      { topic: this.topic, partition, offset: message.offset, rejected: rejected.length },
      'records sent to dead-letter topic',
    );
    await this.options.producer.sendRaw(
      deadLetterTopic(this.topic),
      rejected.map(({ value, reason }) => ({
        key: message.key,
        value,
        headers: {
          'x-error': reason.slice(0, 2000),
          'x-source-topic': this.topic,
          'x-source-partition': String(partition),
          'x-source-offset': message.offset,
          'x-consumer-group': this.options.groupId,
        },
      })),
    );
  }

  private async applyWithRetry(
    records: z.infer<D['record']>[],
    heartbeat: () => Promise<void>,
    isRunning: () => boolean,
  ): Promise<boolean> {
    let delay = 200;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.options.apply(records);
        return true;
      } catch (err) {
        if (!isRunning()) return false;
        this.options.logger.warn(
          { err, attempt, records: records.length },
          'applying records failed, retrying',
        );
        await sleep(delay);
        await heartbeat().catch(() => undefined);
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }
}
