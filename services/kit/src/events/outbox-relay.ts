import { randomUUID } from 'node:crypto';
import type { Collection, Document } from 'mongodb';
import type { Model } from 'mongoose';
import type { Logger } from '../logging/logger';
import type { EventProducer } from './event-producer';
import type { OutboxEntry } from './outbox';

/** All the relay needs of an aggregate's model: its collection. */
export type AggregateModel = Pick<Model<unknown>, 'collection'>;

// Documents claimed per look at the collection; the rest wait for the next round of the same run.
const CLAIM_BATCH = 100;

interface Claimed {
  docs: Document[];
  token: string;
  /** The batch was full: more may be pending. */
  full: boolean;
}

export interface OutboxRelayOptions {
  pollMs: number;
  /** How long one relay may hold a document before another may take it over. */
  leaseMs?: number;
}

/**
 * Publishes what aggregates recorded in their outbox, then removes exactly those entries.
 *
 * A document is claimed with a lease first, so two instances of a service do not publish the same
 * entries side by side; a relay that dies mid-way simply lets its lease run out. An event can still
 * be published twice (published, then a crash before the removal): consumers are idempotent for
 * that reason. Removal uses `$pullAll` with the exact entries read, through the driver rather than
 * mongoose, because FerretDB ignores `$pull` with a condition and casting could reorder fields.
 */
export class OutboxRelay {
  private readonly collections: Collection<Document>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly leaseMs: number;

  constructor(
    private readonly producer: EventProducer,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  watch(model: AggregateModel): void {
    this.collections.push(model.collection as unknown as Collection<Document>);
  }

  /** Publishes whatever a crash left behind, then keeps polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish soon: called after a write that recorded events, so they do not wait for the poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Runs until nothing is pending; returns how many events it published. */
  async flush(): Promise<number> {
    await this.running;
    let total = 0;
    for (;;) {
      const published = await this.publishPending();
      total += published;
      if (published === 0) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.flush().catch((err) => this.logger.warn({ err }, 'outbox flush on shutdown failed'));
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.publishPending()
      .then(() => undefined)
      .catch((err) => this.logger.error({ err }, 'outbox relay failed; retrying on the next poll'))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
    if (this.stopped) return;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : this.options.pollMs);
  }

  private async publishPending(): Promise<number> {
    let published = 0;
    for (const collection of this.collections) {
      for (;;) {
        const { docs, token, full } = await this.claim(collection);
        if (docs.length > 0) published += await this.publishClaimed(collection, docs, token);
        // A short batch was all there was; a write since then kicks the relay again.
        if (!full) break;
      }
    }
    return published;
  }

  /**
   * Leases up to a batch of documents with unpublished events whose lease (if any) ran out, and
   * reads them. A few statements per batch, whatever its size: on FerretDB every statement costs
   * milliseconds, so a relay that claimed and cleared one document at a time topped out at about
   * 25 events a second. The documents are read before they are leased; when the lease took all of
   * them, what was read is what gets published: an entry recorded in between stays, since clearing
   * checks the outbox's size and removes exactly what was sent. (Another relay that published and
   * released a document in that gap while it got a new event makes a duplicate, which consumers
   * already skip.)
   */
  private async claim(collection: Collection<Document>): Promise<Claimed> {
    const leaseFree = () => ({
      outboxPending: true,
      $or: [{ outboxLeaseUntil: { $exists: false } }, { outboxLeaseUntil: { $lt: new Date() } }],
    });
    const candidates = await collection.find(leaseFree()).limit(CLAIM_BATCH).toArray();
    const token = randomUUID();
    const full = candidates.length === CLAIM_BATCH;
    if (candidates.length === 0) return { docs: [], token, full };
    const ids = candidates.map((row) => row._id);
    const leased = await collection.updateMany(
      { _id: { $in: ids }, ...leaseFree() },
      { $set: { outboxLeaseUntil: new Date(Date.now() + this.leaseMs), outboxLeaseToken: token } },
    );
    if (leased.modifiedCount === candidates.length) return { docs: candidates, token, full };
    const docs = await collection.find({ _id: { $in: ids }, outboxLeaseToken: token }).toArray();
    return { docs, token, full };
  }

  private async publishClaimed(
    collection: Collection<Document>,
    docs: Document[],
    token: string,
  ): Promise<number> {
    const ids = docs.map((doc) => doc._id);
    const release = { $unset: { outboxLeaseUntil: '', outboxLeaseToken: '' } };
    const entries = docs.flatMap((doc) => (doc.outbox ?? []) as OutboxEntry[]);
    try {
      await this.producer.publish(entries.map(({ topic, ...envelope }) => ({ topic, envelope })));
    } catch (err) {
      await collection.updateMany({ _id: { $in: ids }, outboxLeaseToken: token }, release);
      throw err;
    }
    // Usually nothing was recorded meanwhile: one write per outbox size empties them all.
    const bySize = new Map<number, Document['_id'][]>();
    for (const doc of docs) {
      const size = ((doc.outbox ?? []) as unknown[]).length;
      bySize.set(size, [...(bySize.get(size) ?? []), doc._id]);
    }
    let cleared = 0;
    for (const [size, sameSize] of bySize) {
      const result = await collection.updateMany(
        { _id: { $in: sameSize }, outboxLeaseToken: token, outbox: { $size: size } },
        {
          $set: { outbox: [], outboxPending: false },
          ...release,
        } as Document,
      );
      cleared += result.modifiedCount;
    }
    // The rest got new events while we published: remove exactly what went out, keep the flag.
    const grown =
      cleared === docs.length
        ? []
        : await collection
            .find({ _id: { $in: ids }, outboxLeaseToken: token }, { projection: { _id: 1 } })
            .toArray();
    for (const { _id } of grown) {
      const sent = (docs.find((doc) => String(doc._id) === String(_id))?.outbox ?? []) as OutboxEntry[];
      await collection.updateOne({ _id }, { $pullAll: { outbox: sent }, ...release } as Document);
      await collection.updateOne({ _id, outbox: { $size: 0 } }, { $set: { outboxPending: false } });
    }
    this.logger.debug({ count: entries.length, collection: collection.collectionName }, 'outbox published');
    return entries.length;
  }
}
