import { hourOf, isDuplicateKey, withEvents, type OutboxRelay, type PendingEvent } from '@podz/kit';
import type { RenewalClockModel, SubscriptionModel, SubscriptionRecord } from './subscription-model';

export type { SubscriptionRecord };
export type SubscriptionFields = Omit<
  SubscriptionRecord,
  '_id' | 'createdAt' | 'updatedAt' | 'version' | 'dueHour'
>;
export type SubscriptionChanges = Partial<SubscriptionFields>;

/** `dueHour` always follows `dueAt`: whoever moves one moves the other. */
function withDueHour<T extends { dueAt?: Date | null }>(fields: T): T & { dueHour?: string | null } {
  if (!('dueAt' in fields)) return fields;
  return { ...fields, dueHour: fields.dueAt ? hourOf(fields.dueAt) : null };
}

/**
 * Subscriptions in the store, one per member. Every change is conditional on the version it was
 * computed from, so the renewal clock, a cancel and an event reaction never undo each other: the
 * loser reads again and decides again.
 */
export class SubscriptionRepository {
  constructor(
    private readonly model: SubscriptionModel,
    private readonly clock: RenewalClockModel,
    private readonly relay: OutboxRelay,
  ) {}

  find(userId: string): Promise<SubscriptionRecord | null> {
    return this.model.findById(userId).lean<SubscriptionRecord>();
  }

  /** The member's first subscription; false when one appeared meanwhile. */
  async insert(userId: string, fields: SubscriptionFields): Promise<boolean> {
    try {
      await this.model.create({ _id: userId, ...withDueHour(fields), version: 0 });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Applies the changes if nobody wrote since `current` was read; the new record, or null. */
  async update(
    current: SubscriptionRecord,
    changes: SubscriptionChanges,
    events: PendingEvent[] = [],
  ): Promise<SubscriptionRecord | null> {
    const result = await this.model.updateOne(
      { _id: current._id, version: current.version },
      withEvents({ $set: withDueHour(changes), $inc: { version: 1 } }, events),
    );
    if (result.modifiedCount === 0) return null;
    if (events.length > 0) this.relay.kick(this.model);
    return this.find(current._id);
  }

  /** The subscriptions whose next action falls in this hour (one hour's renewals, not the collection). */
  dueIn(hour: string): Promise<SubscriptionRecord[]> {
    return this.model.find({ dueHour: hour }).lean<SubscriptionRecord[]>();
  }

  async sweptThrough(): Promise<string | undefined> {
    const row = await this.clock.findById('renewals').lean<{ sweptThrough: string }>();
    return row?.sweptThrough;
  }

  async setSweptThrough(hour: string): Promise<void> {
    await this.clock.updateOne({ _id: 'renewals' }, { $set: { sweptThrough: hour } }, { upsert: true });
  }
}
