import { randomUUID } from 'node:crypto';
import type { Collection, Document } from 'mongodb';
import type { Model } from 'mongoose';
import type { Logger } from '../logging/logger';
import type { EventProducer } from './event-producer';
import { THIS_PROCESS, type OutboxEntry } from './outbox';

/** All the relay needs of an aggregate's model: its collection. */
export type AggregateModel = Pick<Model<unknown>, 'collection'>;

// Documents published together: read off one cursor over everything pending, a batch at a time.
const CLAIM_BATCH = 500;

// What the relay reads of a document: an aggregate's own fields (a show's description, a
// conversation's participants) would only be decoded to be dropped.
const RELAY_FIELDS = { projection: { outbox: 1, outboxOwner: 1, outboxAt: 1 } };

interface Claimed {
  docs: Document[];
  /** The documents this relay leased (taken over from another owner): released on failure. */
  leased: Document['_id'][];
}

export interface OutboxRelayOptions {
  pollMs: number;
  /** How long one relay may hold a document it took over before another may take it. */
  leaseMs?: number;
  /** How long another process's events may wait before this relay takes them over. */
  takeOverAfterMs?: number;
  /** Whose events this relay publishes without claiming them: this process's, unless a test says. */
  owner?: string;
}

/**
 * Publishes what aggregates recorded in their outbox, then removes exactly those entries.
 *
 * Each write stamps the process that recorded the events (`outboxOwner`); that process's relay
 * publishes them straight away, without a claim, so two instances of a service do not publish the
 * same entries side by side and a document costs no write before it is published. Events another
 * process has left waiting for `takeOverAfterMs` (it died, or is stuck) are taken over with a
 * lease first, so that of several instances one takes them; a relay that dies mid-way lets its
 * lease run out. An event can still be published twice (published, then a crash before the
 * removal, or two owners of one document in turn): consumers are idempotent for that reason.
 *
 * Removal checks that the outbox still starts where it did when read (its size and the id of its
 * first entry; entries are only ever appended, and removed as a prefix) and uses `$pullAll` with
 * the exact entries read, through the driver rather than mongoose, because FerretDB ignores
 * `$pull` with a condition and casting could reorder fields.
 */
export class OutboxRelay {
  private readonly collections: Collection<Document>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** The collections written since the last pass: the next pass need look at those only. */
  private readonly kicked = new Set<Collection<Document>>();
  private lastFullPassAt = -Infinity;
  private stopped = true;
  private readonly leaseMs: number;
  private readonly takeOverAfterMs: number;
  private readonly owner: string;

  constructor(
    private readonly producer: EventProducer,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.takeOverAfterMs = options.takeOverAfterMs ?? 3_000;
    this.owner = options.owner ?? THIS_PROCESS;
  }

  watch(model: AggregateModel): void {
    this.collections.push(model.collection as unknown as Collection<Document>);
  }

  /** Publishes whatever a crash left behind, then keeps polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Publish soon: called after a write that recorded events, so they do not wait for the poll.
   * With the model written, the pass reads only its collection: a conversation's message need not
   * cost a read of the broadcasts too. Without one, every collection is read.
   */
  kick(model?: AggregateModel): void {
    if (this.stopped) return;
    for (const collection of model
      ? [model.collection as unknown as Collection<Document>]
      : this.collections) {
      this.kicked.add(collection);
    }
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
    this.timer = setTimeout(() => void this.tick(delay > 0), delay);
    this.timer.unref();
  }

  private async tick(polled: boolean): Promise<void> {
    if (this.running) return;
    // Every collection once per poll interval, however busy the kicks keep the relay: events
    // another process left behind, in any collection, are taken over on time.
    const full = polled || performance.now() - this.lastFullPassAt >= this.options.pollMs;
    if (full) this.lastFullPassAt = performance.now();
    const collections = full ? this.collections : this.collections.filter((c) => this.kicked.has(c));
    this.kicked.clear();
    this.running = this.publishPending(collections)
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

  /**
   * One pass over each collection: a cursor over the documents pending when the pass began, taken
   * and published a batch at a time. One read per pass, not per batch: the store cannot stop early
   * at a limit when the filter is not a plain key (FerretDB sends every pending row to read the first
   * hundred), so reading a batch per look cost a scan of the whole backlog each time, 200 ms at
   * 20,000 pending documents. What is written during the pass kicks the relay for another.
   */
  private async publishPending(collections = this.collections): Promise<number> {
    let published = 0;
    for (const collection of collections) {
      const cursor = collection.find(this.claimable(new Date()), RELAY_FIELDS).batchSize(CLAIM_BATCH);
      try {
        let batch: Document[] = [];
        for await (const doc of cursor) {
          batch.push(doc);
          if (batch.length < CLAIM_BATCH) continue;
          published += await this.publishBatch(collection, batch);
          batch = [];
        }
        if (batch.length > 0) published += await this.publishBatch(collection, batch);
      } finally {
        await cursor.close();
      }
    }
    return published;
  }

  private async publishBatch(collection: Collection<Document>, candidates: Document[]): Promise<number> {
    const { docs, leased } = await this.claim(collection, candidates);
    return docs.length > 0 ? this.publishClaimed(collection, docs, leased) : 0;
  }

  /** Pending events that are this relay's: its own, and those another process left waiting too long. */
  private claimable(now: Date): Document {
    return {
      outboxPending: true,
      $and: [
        this.leaseFree(now),
        {
          $or: [
            { outboxOwner: this.owner },
            { outboxAt: { $exists: false } },
            { outboxAt: { $lt: new Date(now.getTime() - this.takeOverAfterMs) } },
          ],
        },
      ],
    };
  }

  private leaseFree(now: Date): Document {
    return { $or: [{ outboxLeaseUntil: { $exists: false } }, { outboxLeaseUntil: { $lt: now } }] };
  }

  /**
   * Of a batch read, this relay's own documents are published as they are; those another process
   * left are leased first. A few statements per batch, whatever its size: on FerretDB every
   * statement costs milliseconds, so a relay that claimed and cleared one document at a time topped
   * out at about 25 events a second, and a lease on every document was a third of a message's
   * writes to its conversation.
   */
  private async claim(collection: Collection<Document>, candidates: Document[]): Promise<Claimed> {
    const now = new Date();
    // Its own events are this relay's alone only while young: older ones may be taken over by
    // another instance meanwhile (a long pass reads them well before it publishes them).
    const youngSince = now.getTime() - this.takeOverAfterMs / 2;
    const isOwn = (doc: Document) =>
      doc.outboxOwner === this.owner && doc.outboxAt instanceof Date && doc.outboxAt.getTime() > youngSince;
    const own = candidates.filter(isOwn);
    const waiting = candidates.filter((doc) => !isOwn(doc));
    if (waiting.length === 0) return { docs: own, leased: [] };
    const ids = waiting.map((doc) => doc._id);
    const token = randomUUID();
    const lease = await collection.updateMany(
      { _id: { $in: ids }, outboxPending: true, ...this.leaseFree(now) },
      { $set: { outboxLeaseUntil: new Date(now.getTime() + this.leaseMs), outboxLeaseToken: token } },
    );
    // The documents are read before they are leased; when the lease took all of them, what was
    // read is what gets published (an entry recorded in between stays: removal checks the outbox).
    const taken =
      lease.modifiedCount === waiting.length
        ? waiting
        : await collection.find({ _id: { $in: ids }, outboxLeaseToken: token }, RELAY_FIELDS).toArray();
    return { docs: [...own, ...taken], leased: taken.map((doc) => doc._id) };
  }

  private async publishClaimed(
    collection: Collection<Document>,
    docs: Document[],
    leased: Document['_id'][],
  ): Promise<number> {
    const release = { $unset: { outboxLeaseUntil: '', outboxLeaseToken: '' } };
    const outboxOf = (doc: Document) => (doc.outbox ?? []) as OutboxEntry[];
    const sending = docs.filter((doc) => outboxOf(doc).length > 0);
    const entries = sending.flatMap(outboxOf);
    try {
      await this.producer.publish(entries.map(({ topic, ...envelope }) => ({ topic, envelope })));
    } catch (err) {
      if (leased.length > 0) await collection.updateMany({ _id: { $in: leased } }, release);
      throw err;
    }
    // Usually nothing was recorded meanwhile: one write per outbox size empties them all. A
    // document only holds its own events, so "holds one of these first ids" is "holds its own".
    const bySize = new Map<number, Document[]>();
    for (const doc of sending) {
      const size = outboxOf(doc).length;
      const same = bySize.get(size);
      if (same) same.push(doc);
      else bySize.set(size, [doc]);
    }
    let cleared = 0;
    for (const [size, sameSize] of bySize) {
      const result = await collection.updateMany(
        {
          _id: { $in: sameSize.map((doc) => doc._id) },
          outbox: { $size: size },
          'outbox.id': { $in: sameSize.map((doc) => outboxOf(doc)[0]?.id) },
        },
        { $set: { outbox: [], outboxPending: false }, ...release } as Document,
      );
      cleared += result.modifiedCount;
    }
    // The rest got new events while we published (or another relay removed what we sent): remove
    // exactly what went out, and keep the flag while anything is left.
    const grown =
      cleared === sending.length
        ? []
        : await collection
            .find(
              {
                _id: { $in: sending.map((doc) => doc._id) },
                'outbox.id': { $in: sending.map((doc) => outboxOf(doc)[0]?.id) },
              },
              { projection: { _id: 1 } },
            )
            .toArray();
    for (const { _id } of grown) {
      const sent = outboxOf(sending.find((doc) => String(doc._id) === String(_id)) ?? {});
      await collection.updateOne({ _id }, { $pullAll: { outbox: sent }, ...release } as Document);
      await collection.updateOne({ _id, outbox: { $size: 0 } }, { $set: { outboxPending: false } });
    }
    // A document flagged with an empty outbox (cleared by another relay in between): unflag it.
    const empty = docs.filter((doc) => outboxOf(doc).length === 0).map((doc) => doc._id);
    if (empty.length > 0) {
      await collection.updateMany(
        { _id: { $in: empty }, outbox: { $size: 0 } },
        { $set: { outboxPending: false }, ...release },
      );
    }
    this.logger.debug({ count: entries.length, collection: collection.collectionName }, 'outbox published');
    return entries.length;
  }
}
