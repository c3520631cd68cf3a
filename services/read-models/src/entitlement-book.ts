import { Schema, type Connection } from 'mongoose';
import { on, onBatch, onlyDuplicateKeys, type Subscription } from '@podz/kit';
import {
  DEFAULT_PLAN,
  subscriptionEnded,
  userPlanChanged,
  userRegistered,
  type SubscriptionEndReason,
} from '@podz/proto';
import { modelOnce } from './model-once';

/**
 * What a service knows of a member's plan, from identity's and billing's events: the plan they hold
 * and since when, and the last paid plan that ran out and why. Read by key on every private-feed
 * and premium-audio request, never by a scan.
 */
export interface Entitlement {
  userId: string;
  /** Null until identity's word about the member arrived. */
  plan: string | null;
  planAt: Date | null;
  ended: { plan: string; reason: SubscriptionEndReason; at: Date } | null;
}

const entitlementSchema = new Schema(
  {
    _id: { type: String },
    plan: { type: String, default: null },
    planAt: { type: Date, default: null },
    ended: {
      type: new Schema(
        {
          plan: { type: String, required: true },
          reason: { type: String, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { collection: 'entitlements' },
);

type EntitlementRow = Omit<Entitlement, 'userId'> & { _id: string };

/**
 * The entitlement read model (premium listening), kept by catalog (private feeds, premium pages)
 * and media (premium audio). Every write carries the event's time and an older word never
 * overwrites a newer one, so applying an event twice, late or after a crash ends the same: its
 * consumer group needs no handled-event records.
 */
export class EntitlementBook {
  private readonly model;

  constructor(db: Connection) {
    this.model = modelOnce(db, 'Entitlement', entitlementSchema);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  /**
   * Identity's plans and billing's ends: a checkout moves a member to a plan (identity), a
   * subscription that runs out is billing's word first and identity's move back to free after it.
   * A member's deletion is the keeping service's to handle (with what else it forgets), by `remove`.
   */
  subscriptions(): Subscription[] {
    return [
      onBatch(userRegistered, (events) =>
        this.setPlans(
          events.map(({ data, time }) => ({ userId: data.userId, plan: data.plan, at: new Date(time) })),
        ),
      ),
      on(userPlanChanged, (event) => this.setPlan(event.data.userId, event.data.plan, new Date(event.time))),
      on(subscriptionEnded, (event) =>
        this.setEnded(event.data.userId, {
          plan: event.data.plan,
          reason: event.data.reason,
          at: new Date(event.time),
        }),
      ),
    ];
  }

  async find(userId: string): Promise<Entitlement | null> {
    const row = await this.model.findById(userId).lean<EntitlementRow>();
    return row ? { userId: row._id, plan: row.plan, planAt: row.planAt, ended: row.ended ?? null } : null;
  }

  async setPlan(userId: string, plan: string, at: Date): Promise<void> {
    await this.setPlans([{ userId, plan, at }]);
  }

  /** Several members' plans in one statement to the store (a batch of identity's events). */
  async setPlans(plans: { userId: string; plan: string; at: Date }[]): Promise<void> {
    await this.upsertIfNewer(
      plans.map(({ userId, plan, at }) => ({
        userId,
        newer: { $or: [{ planAt: null }, { planAt: { $lte: at } }] },
        fields: { plan, planAt: at },
      })),
    );
  }

  async setEnded(userId: string, ended: { plan: string; reason: SubscriptionEndReason; at: Date }) {
    await this.upsertIfNewer([
      {
        userId,
        newer: { $or: [{ ended: null }, { 'ended.at': { $lte: ended.at } }] },
        fields: { ended },
      },
    ]);
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }

  private async upsertIfNewer(writes: { userId: string; newer: object; fields: object }[]): Promise<void> {
    if (writes.length === 0) return;
    try {
      await this.model.bulkWrite(
        writes.map(({ userId, newer, fields }) => ({
          updateOne: { filter: { _id: userId, ...newer }, update: { $set: fields }, upsert: true },
        })),
        // Unordered: a write refused for an older word does not stop the ones after it.
        { ordered: false },
      );
    } catch (err) {
      // The member's row holds a newer word: the upsert's insert met the existing id.
      if (!onlyDuplicateKeys(err)) throw err;
    }
  }
}

/**
 * Whether the member's plan unlocks a show naming these plans: they hold one of them, and it has
 * not run out since they moved to it (identity's move back to free follows billing's word).
 */
export function planUnlocks(entitlement: Entitlement | null, plans: readonly string[]): boolean {
  if (!entitlement?.plan || !plans.includes(entitlement.plan)) return false;
  const { ended, plan, planAt } = entitlement;
  return !(ended && ended.plan === plan && (!planAt || ended.at >= planAt));
}

/**
 * Whether the member pays: a plan other than the one everyone starts on, not run out since they
 * moved to it. Paying members hear the network without inserted ads and promos.
 */
export function onPaidPlan(entitlement: Entitlement | null): boolean {
  const plan = entitlement?.plan;
  return Boolean(plan) && plan !== DEFAULT_PLAN && planUnlocks(entitlement, [plan ?? '']);
}

/** Who is asking to hear, and whether they administer the network. */
export interface PremiumListener {
  userId: string;
  admin: boolean;
}

/**
 * The one rule of who hears a show's premium episodes, for its audio, its private feeds and its
 * pages: an admin, one of its team, or a member whose plan unlocks it. The member's plan is read
 * only when the first two do not answer; the caller says how (kept a second, or fresh).
 */
export async function hearsPremium(
  listener: PremiumListener,
  show: { team: readonly string[]; plans: readonly string[] },
  entitlementOf: (userId: string) => PromiseLike<Entitlement | null>,
): Promise<boolean> {
  if (listener.admin || show.team.includes(listener.userId)) return true;
  return show.plans.length > 0 && planUnlocks(await entitlementOf(listener.userId), show.plans);
}
