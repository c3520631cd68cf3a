import { Types } from 'mongoose';
import {
  markDeleted,
  newWithEvents,
  present,
  purgeTombstones,
  restateLive,
  withEvents,
  type AggregateModel,
  type OutboxRelay,
  type PendingEvent,
} from '@podz/kit';
import { releaseIfStillScheduled, type ReleaseTimeField } from './release-fields';

/** What the writes need of a mongoose model (method syntax: any model's own types fit). */
interface WritableModel extends AggregateModel {
  create(doc: object): Promise<unknown>;
  updateOne(filter: object, update: object): PromiseLike<{ modifiedCount: number; matchedCount: number }>;
  deleteMany(filter: object): PromiseLike<unknown>;
}

export interface AggregateWritesOptions<R> {
  model: WritableModel;
  relay: OutboxRelay;
  records: { invalidateAfterWrite(ids: string[]): Promise<void> };
  /** Reads a record as it now is (through the record cache). */
  findById: (id: string) => Promise<R | null>;
  /**
   * Fields kept beside the ones a write sets, so that reads stay keyed: top-level ids of the people
   * named, the release hour. Given what is set, it answers what goes with it.
   */
  derived: (fields: Record<string, unknown>) => Record<string, unknown>;
  /** Where the record keeps the moment it goes public. */
  releaseTime: ReleaseTimeField;
  /** What it is called in an error (`show`, `episode`). */
  what: string;
}

const live = { deletedAt: null };

/**
 * The writes shows and episodes share, each with its events in the same write (the outbox), the
 * relay kicked so they leave at once, and the records in Redis dropped after: create, change,
 * restate, release and delete. Each repository says what it derives and keeps; this says how.
 */
export class AggregateWrites<R extends { id: string }> {
  constructor(private readonly at: AggregateWritesOptions<R>) {}

  async create(fields: object, events: (id: string) => PendingEvent[]): Promise<R> {
    const _id = new Types.ObjectId();
    const id = _id.toHexString();
    const all = fields as Record<string, unknown>;
    await this.at.model.create(newWithEvents({ _id, ...all, ...this.at.derived(all) }, events(id)));
    this.at.relay.kick(this.at.model);
    return present(await this.at.findById(id), `${this.at.what} ${id}`);
  }

  /** Sets these fields (and what derives from them) with the events; the record as it now is, or null when gone. */
  async change(id: string, fields: Record<string, unknown>, events: PendingEvent[]): Promise<R | null> {
    const result = await this.at.model.updateOne(
      { _id: new Types.ObjectId(id), ...live },
      withEvents({ $set: { ...fields, ...this.at.derived(fields) } }, events),
    );
    if (events.length && result.modifiedCount) this.at.relay.kick(this.at.model);
    if (result.matchedCount !== 1) return null;
    await this.at.records.invalidateAfterWrite([id]);
    return this.at.findById(id);
  }

  /** Records events on a live record without changing it (a state told again); false if it is gone. */
  restate(id: string, events: PendingEvent[]): Promise<boolean> {
    return restateLive(this.at.model, this.at.relay, id, events);
  }

  /**
   * Publishes a scheduled record with its events, clearing `cleared`, if it is still scheduled for
   * the time it was read with: of two clocks (or a clock and an edit) one decides. The record as it
   * now is, or null.
   */
  async release(
    record: R & { releaseHour?: string | null },
    cleared: Record<string, null>,
    events: PendingEvent[],
  ): Promise<R | null> {
    const released = await releaseIfStillScheduled(
      { model: this.at.model, relay: this.at.relay, records: this.at.records },
      record as never,
      this.at.releaseTime,
      cleared,
      events,
    );
    return released ? this.at.findById(record.id) : null;
  }

  /**
   * Deletes a live record as a tombstone that keeps its deletion events until the relay has sent
   * them; `fields` free what it held. True when this call deleted it.
   */
  async markDeleted(id: string, fields: Record<string, unknown>, events: PendingEvent[]): Promise<boolean> {
    const deleted = await markDeleted(
      this.at.model,
      this.at.relay,
      id,
      { tombstone: true, ...fields },
      events,
    );
    await this.at.records.invalidateAfterWrite([id]);
    await purgeTombstones(this.at.model);
    return deleted;
  }
}
