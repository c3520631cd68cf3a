import { Types } from 'mongoose';
import type { PendingEvent } from './event-producer';
import { withEvents } from './outbox';
import type { AggregateModel, OutboxRelay } from './outbox-relay';

/** What the helpers need of a mongoose model (method syntax: any model's own filter types fit). */
interface Collection extends AggregateModel {
  updateOne(filter: object, update: object): PromiseLike<{ modifiedCount: number }>;
  deleteMany(filter: object): PromiseLike<unknown>;
}

/**
 * Deletes a live aggregate but keeps it as a tombstone carrying its deletion events until the
 * relay has sent them: the outbox lives in the document, so removing it outright would lose them.
 * `fields` free the unique keys it held and blank what must not outlive it; `counters` are
 * incremented in the same write (a session version, say). True when this call
 * deleted it (false: it was gone already).
 */
export async function markDeleted(
  model: Collection,
  relay: OutboxRelay,
  id: string,
  fields: Record<string, unknown>,
  events: readonly PendingEvent[],
  counters?: Record<string, number>,
): Promise<boolean> {
  const $set = { deletedAt: new Date(), ...fields };
  const result = await model.updateOne(
    { _id: new Types.ObjectId(id), deletedAt: null },
    withEvents(counters ? { $set, $inc: counters } : { $set }, events),
  );
  relay.kick(model);
  return result.modifiedCount === 1;
}

/**
 * Records events on a live aggregate without changing it (its state told again, say); false when
 * it is gone or a tombstone.
 */
export async function restateLive(
  model: Collection,
  relay: OutboxRelay,
  id: string,
  events: readonly PendingEvent[],
): Promise<boolean> {
  const result = await model.updateOne(
    { _id: new Types.ObjectId(id), deletedAt: null },
    withEvents({}, events),
  );
  relay.kick(model);
  return result.modifiedCount === 1;
}

/**
 * Removes tombstones whose events are out. `marked` names how the collection's tombstones are
 * found (an indexed `tombstone: true` where there is one), so the cost is bounded by them.
 */
export async function purgeTombstones(
  model: Collection,
  marked: Record<string, unknown> = { tombstone: true },
): Promise<void> {
  await model.deleteMany({ ...marked, outboxPending: false });
}
