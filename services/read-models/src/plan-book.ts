import { Schema, type Connection } from 'mongoose';
import { modelOnce } from './model-once';
import {
  pricingPlanChanged,
  pricingPlanCreated,
  pricingPlanDeleted,
  type EventData,
  type PricingPlan,
} from '@podz/proto';
import { AppError, isDuplicateKey, on, type Subscription } from '@podz/kit';

/** A plan as the content service last described it: what a user may hold, and what it costs. */
export interface KnownPlan {
  slug: string;
  planId: string;
  name: string;
  price: number;
  currency: PricingPlan['currency'];
  interval: PricingPlan['interval'];
  active: boolean;
  /** Members on it may hear premium episodes of the shows that name it. */
  premiumListening: boolean;
}

// Keyed by slug: every question asked of the book names a plan by the slug users hold.
const knownPlanSchema = new Schema(
  {
    _id: { type: String },
    planId: { type: String, required: true },
    name: { type: String, required: true },
    price: { type: Number, required: true },
    currency: { type: String, required: true },
    interval: { type: String, required: true },
    active: { type: Boolean, required: true },
    premiumListening: { type: Boolean, default: false },
    /** When content said this: an older word about the slug (another plan's, since freed) loses. */
    asOf: { type: Date, required: true },
  },
  { timestamps: true, collection: 'plans' },
);

const knownPlanModel = (db: Connection) => modelOnce(db, 'KnownPlan', knownPlanSchema);

type KnownPlanRow = Omit<KnownPlan, 'slug'> & { _id: string };

/**
 * A service's read model of the pricing plans, fed by `content.pricing-plan.v1`: identity checks
 * the plan a user is moved to, billing prices an order from it, and neither asks content.
 * Every event carries the plan's whole state, so applying one twice, or again after a crash, ends
 * the same: the consumer group needs no handled-event records.
 */
export class PlanBook {
  private readonly model: ReturnType<typeof knownPlanModel>;

  constructor(db: Connection) {
    this.model = knownPlanModel(db);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  async find(slug: string): Promise<KnownPlan | undefined> {
    const row = await this.model.findById(slug).lean<KnownPlanRow>();
    if (!row) return undefined;
    const { _id, planId, name, price, currency, interval, active } = row;
    return {
      slug: _id,
      planId,
      name,
      price,
      currency,
      interval,
      active,
      premiumListening: row.premiumListening ?? false,
    };
  }

  /** The plan content offers under this slug; a 400 naming the field for any other. */
  async offered(slug: string): Promise<KnownPlan> {
    const plan = await this.find(slug);
    if (plan) return plan;
    throw new AppError('VALIDATION_FAILED', `There is no plan named ${slug}`, [
      { path: 'plan', message: 'not one of the network’s plans' },
    ]);
  }

  subscriptions(): Subscription[] {
    // One plan's events arrive in order (its id is the key); two plans that held the same slug
    // one after the other may not, so the newer word wins.
    const keep = async (data: EventData<typeof pricingPlanCreated>, time: string) => {
      const { slug, planId, name, price, currency, interval, active, premiumListening } = data;
      const asOf = new Date(time);
      try {
        await this.model.updateOne(
          { _id: slug, asOf: { $lte: asOf } },
          { $set: { planId, name, price, currency, interval, active, premiumListening, asOf } },
          { upsert: true },
        );
      } catch (err) {
        // The slug's entry is newer than this event: nothing to keep.
        if (!isDuplicateKey(err)) throw err;
      }
    };
    return [
      on(pricingPlanCreated, (event) => keep(event.data, event.time)),
      on(pricingPlanChanged, (event) => keep(event.data, event.time)),
      // A slug freed by a deletion may name a newer plan by the time this arrives: only the
      // deleted plan's own entry goes.
      on(pricingPlanDeleted, async (event) => {
        await this.model.deleteOne({ _id: event.data.slug, planId: event.data.planId });
      }),
    ];
  }
}
