import { randomUUID } from 'node:crypto';
import type { Collection, Document } from 'mongodb';
import type { Model } from 'mongoose';
import type { Logger } from '../logging/logger';
import type { EventProducer } from './event-producer';
import { THIS_PROCESS, type OutboxEntry } from './outbox';

/** What a write names when it kicks the relay: its aggregate's collection. */
export type AggregateModel = Pick<Model<unknown>, 'collection'>;
/** What the relay watches: the collection, and the database where relays say they are alive. */
export type WatchedModel = Pick<Model<unknown>, 'collection' | 'db'>;

/** However short the takeover interval (tests make it 0), a relay signs no more often than this. */
const MIN_SIGN_MS = 50;
/** One document per relay that publishes in a database: `_id` its owner id, `aliveAt` its last sign. */
const RELAYS = 'outbox_relays';
interface RelaySign {
  _id: string;
  aliveAt: Date;
}

/** The watched collections of one database, and where its relays sign. */
interface Database {
  relays: Collection<RelaySign>;
  collections: Collection<Document>[];
}

/** How a pass finds what to publish: the filter, and whether documents must be leased first. */
interface Selection {
  filter: Document;
  lease: boolean;
}

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
  /**
   * How often events of owners no relay signed for (a process that died before its relay's first
   * pass, documents from before owners were recorded) are looked for: each look reads every pending
   * document, whoever's it is, so not often.
   */
  sweepMs?: number;
}

/**
 * Publishes what aggregates recorded in their outbox, then removes exactly those entries.
 *
 * Each write stamps the process that recorded the events (`outboxOwner`), and that process's relay
 * publishes them without claiming them first: a document costs no write before it is published,
 * however far behind the relay is. Relays say they are alive in their database (`outbox_relays`,
 * one document each, renewed while they work); the events of an owner that stopped renewing for
 * `takeOverAfterMs` (it died, or is stuck) are taken over with a lease first, so that of several
 * instances one takes them, and a relay that dies mid-way lets its lease run out. Each pass reads
 * by owner, an equality the store answers from its index, so a relay never reads another live
 * relay's backlog: before, every instance read every pending document each poll and took over
 * whatever had waited three seconds, so a relay that fell behind had its backlog leased away
 * (a write per document) and read again by every other instance. Events whose owner never signed
 * are swept up every `sweepMs`. An event can still be published twice (published, then a crash
 * before the removal, or an owner thought dead that was only slow): consumers are idempotent.
 *
 * Removal checks that the outbox still starts where it did when read (its size and the id of its
 * first entry; entries are only ever appended, and removed as a prefix) and uses `$pullAll` with
 * the exact entries read, through the driver rather than mongoose, because FerretDB ignores
 * `$pull` with a condition and casting could reorder fields.
 */
export class OutboxRelay {
  private readonly databases = new Map<WatchedModel['db'], Database>();
  private readonly collections: Collection<Document>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** The collections written since the last pass: the next pass need look at those only. */
  private readonly kicked = new Set<Collection<Document>>();
  private lastFullPassAt = -Infinity;
  private lastTakeOverAt = -Infinity;
  private lastSweepAt = -Infinity;
  private lastSignAt = -Infinity;
  private signer: NodeJS.Timeout | undefined;
  /** A sign on its way: a store slower than the clock gets one at a time, not a queue of them. */
  private signing = false;
  /** Whether the last pass failed: a relay that cannot publish stops saying it is alive. */
  private failing = false;
  /** When the running pass last got a batch out (or began). */
  private progressAt = 0;
  private stopped = true;
  private readonly leaseMs: number;
  private readonly takeOverAfterMs: number;
  private readonly sweepMs: number;
  private readonly owner: string;
  /** The sign's clock: three signs per takeover interval. */
  private readonly signEveryMs: number;

  constructor(
    private readonly producer: EventProducer,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.takeOverAfterMs = options.takeOverAfterMs ?? 5_000;
    this.sweepMs = options.sweepMs ?? 30_000;
    this.owner = options.owner ?? THIS_PROCESS;
    this.signEveryMs = Math.max(this.takeOverAfterMs / 3, MIN_SIGN_MS);
  }

  watch(model: WatchedModel): void {
    const collection = driverCollection(model);
    let database = this.databases.get(model.db);
    if (!database) {
      const relays = model.db.collection(RELAYS) as unknown as Collection<RelaySign>;
      database = { relays, collections: [] };
      this.databases.set(model.db, database);
    }
    database.collections.push(collection);
    this.collections.push(collection);
  }

  /** Publishes whatever a crash left behind, then keeps polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
    // On a clock of its own, not after batches only: one slow statement on a busy store must not
    // make a working relay look dead and its backlog leased away.
    this.signer = setInterval(() => void this.sign(), this.signEveryMs);
    this.signer.unref();
  }

  /**
   * Publish soon: called after a write that recorded events, so they do not wait for the poll.
   * With the model written, the pass reads only its collection: a conversation's message need not
   * cost a read of the broadcasts too. Without one, every collection is read.
   */
  kick(model?: AggregateModel): void {
    if (this.stopped) return;
    for (const collection of model ? [driverCollection(model)] : this.collections) {
      this.kicked.add(collection);
    }
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Runs until nothing is pending, taking over and sweeping up too; returns how many events it published. */
  async flush(): Promise<number> {
    await this.running;
    let total = 0;
    for (;;) {
      const published = await this.publishPending(this.collections, { takeOver: true, sweep: true });
      total += published;
      if (published === 0) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.signer);
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
    const now = performance.now();
    // Every collection once per poll interval, however busy the kicks keep the relay; other
    // owners' events are looked at in step with how long they may wait, and swept up rarely.
    const full = polled || now - this.lastFullPassAt >= this.options.pollMs;
    if (full) this.lastFullPassAt = now;
    const takeOver = full && now - this.lastTakeOverAt >= this.takeOverAfterMs / 2;
    if (takeOver) this.lastTakeOverAt = now;
    const sweep = full && now - this.lastSweepAt >= this.sweepMs;
    if (sweep) this.lastSweepAt = now;
    const collections = full ? this.collections : this.collections.filter((c) => this.kicked.has(c));
    this.kicked.clear();
    this.running = this.publishPending(collections, { takeOver, sweep })
      .then(() => {
        this.failing = false;
      })
      .catch((err) => {
        this.failing = true;
        this.logger.error({ err }, 'outbox relay failed; retrying on the next poll');
      })
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
   * This relay's own events in `collections`; then, when asked, those of relays that stopped
   * signing, and those of owners none signed for. A pass that fails signs nothing: a relay that
   * cannot publish is soon taken for dead and its events go out through another.
   */
  private async publishPending(
    collections: Collection<Document>[],
    { takeOver, sweep }: { takeOver: boolean; sweep: boolean },
  ): Promise<number> {
    const now = new Date();
    this.progressAt = performance.now();
    let published = 0;
    for (const collection of collections) {
      const own = { filter: this.ownedBy(this.owner, now), lease: false };
      published += (await this.publishSelected(collection, own)).published;
    }
    if (takeOver || sweep) {
      for (const database of this.databases.values()) published += await this.takeOver(database, now, sweep);
    }
    await this.sign();
    return published;
  }

  /**
   * The events of relays whose last sign is older than `takeOverAfterMs`, read owner by owner; an
   * owner with nothing left is forgotten. With `sweep`, every pending document whose owner is not
   * alive (never signed, or recorded before owners were) that has waited as long.
   */
  private async takeOver(database: Database, now: Date, sweep: boolean): Promise<number> {
    const since = new Date(now.getTime() - this.takeOverAfterMs);
    const signs = await database.relays.find({}).toArray();
    const alive = signs.filter((sign) => sign._id === this.owner || sign.aliveAt >= since).map((s) => s._id);
    let published = 0;
    for (const { _id: owner, aliveAt } of signs.filter((sign) => !alive.includes(sign._id))) {
      let found = 0;
      for (const collection of database.collections) {
        const result = await this.publishSelected(collection, {
          filter: this.ownedBy(owner, now),
          lease: true,
        });
        published += result.published;
        found += result.found;
      }
      if (found === 0) await database.relays.deleteOne({ _id: owner, aliveAt: { $lt: since } });
      // Worth a look when it happens to a relay that was not stopped: it was too busy to sign.
      else
        this.logger.warn(
          { owner, silentForMs: now.getTime() - aliveAt.getTime(), found },
          'took over the events of a silent outbox relay',
        );
    }
    if (!sweep) return published;
    const orphaned: Selection = {
      filter: {
        outboxPending: true,
        outboxOwner: { $nin: alive },
        $and: [
          this.leaseFree(now),
          { $or: [{ outboxAt: { $exists: false } }, { outboxAt: { $lt: since } }] },
        ],
      },
      lease: true,
    };
    let swept = 0;
    for (const collection of database.collections) {
      swept += (await this.publishSelected(collection, orphaned)).published;
    }
    if (swept > 0)
      this.logger.warn({ count: swept, alive }, 'published events no live outbox relay signed for');
    return published + swept;
  }

  /**
   * Says this relay is alive in every database it publishes in: at each tick of its clock (three per
   * `takeOverAfterMs`), and after a pass unless a sign went out in the last half tick. Not when its
   * last pass failed, or the pass under way has got nothing out for `leaseMs`.
   */
  private async sign(): Promise<void> {
    const now = performance.now();
    const stuck = this.running !== undefined && now - this.progressAt > this.leaseMs;
    // Half the clock's period: the clock's own ticks always sign, however late a busy process runs
    // them (gated at the full period, a tick that came a little early after a late one was skipped,
    // and a relay in a long pass went 5 s without a sign: its backlog was taken over).
    const recent = now - this.lastSignAt < this.signEveryMs / 2;
    if (this.signing || this.failing || stuck || recent) return;
    this.lastSignAt = now;
    this.signing = true;
    const aliveAt = new Date();
    try {
      for (const { relays } of this.databases.values()) {
        await relays.updateOne({ _id: this.owner }, { $set: { aliveAt } }, { upsert: true });
      }
    } catch (err) {
      this.logger.warn({ err }, 'outbox relay could not say it is alive; others may take its events over');
    } finally {
      this.signing = false;
    }
  }

  /**
   * One look at a collection: a cursor over the documents selected when the pass began, taken and
   * published a batch at a time. One read per look, not per batch: the store cannot stop early at a
   * limit when the filter is not a plain key (FerretDB sends every matching row to read the first
   * hundred), so reading a batch per look cost a scan of the whole backlog each time, 200 ms at
   * 20,000 pending documents. What is written during the pass kicks the relay for another.
   */
  private async publishSelected(
    collection: Collection<Document>,
    selection: Selection,
  ): Promise<{ found: number; published: number }> {
    let found = 0;
    let published = 0;
    const cursor = collection.find(selection.filter, RELAY_FIELDS).batchSize(CLAIM_BATCH);
    const publish = async (batch: Document[]) => {
      found += batch.length;
      const { docs, leased } = selection.lease
        ? await this.lease(collection, batch)
        : { docs: batch, leased: [] };
      if (docs.length > 0) published += await this.publishClaimed(collection, docs, leased);
      this.progressAt = performance.now();
    };
    try {
      let batch: Document[] = [];
      for await (const doc of cursor) {
        batch.push(doc);
        if (batch.length < CLAIM_BATCH) continue;
        await publish(batch);
        batch = [];
      }
      if (batch.length > 0) await publish(batch);
    } finally {
      await cursor.close();
    }
    return { found, published };
  }

  /** An owner's pending events: selected by owner, an equality the store answers from its index. */
  private ownedBy(owner: string, now: Date): Document {
    return { outboxPending: true, outboxOwner: owner, ...this.leaseFree(now) };
  }

  private leaseFree(now: Date): Document {
    return { $or: [{ outboxLeaseUntil: { $exists: false } }, { outboxLeaseUntil: { $lt: now } }] };
  }

  /**
   * Leases documents another process left, so that of several relays taking over one publishes
   * each: one statement per batch, whatever its size (on FerretDB every statement costs
   * milliseconds; a relay that claimed one document at a time topped out at about 25 events a second).
   */
  private async lease(collection: Collection<Document>, candidates: Document[]): Promise<Claimed> {
    const now = new Date();
    const ids = candidates.map((doc) => doc._id);
    const token = randomUUID();
    const lease = await collection.updateMany(
      { _id: { $in: ids }, outboxPending: true, ...this.leaseFree(now) },
      { $set: { outboxLeaseUntil: new Date(now.getTime() + this.leaseMs), outboxLeaseToken: token } },
    );
    // The documents are read before they are leased; when the lease took all of them, what was
    // read is what gets published (an entry recorded in between stays: removal checks the outbox).
    const taken =
      lease.modifiedCount === candidates.length
        ? candidates
        : await collection.find({ _id: { $in: ids }, outboxLeaseToken: token }, RELAY_FIELDS).toArray();
    return { docs: taken, leased: taken.map((doc) => doc._id) };
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

/** The driver's collection behind a mongoose model: the relay's statements bypass casting. */
function driverCollection(model: AggregateModel): Collection<Document> {
  return model.collection as unknown as Collection<Document>;
}
