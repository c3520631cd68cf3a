import { Types } from 'mongoose';
import {
  isDuplicateKey,
  newWithEvents,
  withEvents,
  type OutboxRelay,
  type PendingEvent,
  present,
  markDeleted,
  purgeTombstones,
  keyed,
  keyedOrNull,
} from '@podz/kit';
import type { CreatePlanBody, UpdatePlanBody } from '@podz/proto';
import type { PlanModel, PlanRecord, StoredPlan } from './plan-model';

export type { PlanRecord };

const live = { deletedAt: null };
/** Pricing plans in the store. Writes that carry events kick the relay so they leave at once. */
export class PlanRepository {
  constructor(
    private readonly model: PlanModel,
    private readonly relay: OutboxRelay,
  ) {}

  findById(id: string): Promise<PlanRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .lean<StoredPlan>()
      .then(keyedOrNull);
  }

  list(onlyActive: boolean): Promise<PlanRecord[]> {
    const filter = onlyActive ? { ...live, active: true } : live;
    return this.model
      .find(filter)
      .sort({ order: 1, price: 1, _id: 1 })
      .lean<StoredPlan[]>()
      .then((rows) => rows.map(keyed));
  }

  /** Plans not deleted; bounded by `PLAN_LIMITS.plans`. */
  countLive(): Promise<number> {
    return this.model.countDocuments(live);
  }

  /** Whether any plan was ever stored, tombstones included: defaults are only seeded into nothing. */
  async isEmpty(): Promise<boolean> {
    return (await this.model.countDocuments({})) === 0;
  }

  /** A new plan; undefined when its slug is taken. */
  async create(
    plan: CreatePlanBody,
    events: (id: string) => PendingEvent[],
  ): Promise<PlanRecord | undefined> {
    const _id = new Types.ObjectId();
    try {
      await this.model.create(newWithEvents({ _id, ...plan }, events(_id.toHexString())));
    } catch (err) {
      if (isDuplicateKey(err)) return undefined;
      throw err;
    }
    this.relay.kick(this.model);
    return present(await this.findById(_id.toHexString()), `plan ${_id.toHexString()}`);
  }

  async update(id: string, changes: UpdatePlanBody, events: PendingEvent[]): Promise<PlanRecord | null> {
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), ...live },
      withEvents({ $set: changes }, events),
    );
    if (result.matchedCount === 0) return null;
    this.relay.kick(this.model);
    return this.findById(id);
  }

  /**
   * Deletes the plan, keeping a tombstone with the deletion event until the relay sent it. The
   * slug is freed at once so a new plan may take it.
   */
  async markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const deleted = await markDeleted(this.model, this.relay, id, { slug: `deleted-${id}` }, events);
    await purgeTombstones(this.model, { deletedAt: { $ne: null } });
    return deleted;
  }
}
