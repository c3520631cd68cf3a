import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import { PLAN_CURRENCIES, PLAN_INTERVALS } from '@podz/proto';

/** The pricing plans editors offer; their events feed the plan books of identity and billing. */
const planSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    price: { type: Number, required: true },
    currency: { type: String, enum: PLAN_CURRENCIES, required: true },
    interval: { type: String, enum: PLAN_INTERVALS, required: true },
    features: { type: [String], default: [] },
    limits: {
      shows: { type: Number, default: null },
      episodesPerShow: { type: Number, default: null },
      storageMb: { type: Number, default: null },
    },
    order: { type: Number, default: 0 },
    active: { type: Boolean, default: true },
    premiumListening: { type: Boolean, default: false },
    // Deleted plans stay as tombstones until the relay has published their deletion.
    deletedAt: { type: Date, default: null, index: true },
  },
  { timestamps: true, collection: 'pricing_plans' },
);
planSchema.index({ order: 1, price: 1 });
planSchema.plugin(outboxPlugin);

export type StoredPlan = InferSchemaType<typeof planSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

/** A plan as use cases read it. */
export type PlanRecord = Keyed<StoredPlan>;

export function planModel(db: Connection) {
  return db.model('PricingPlan', planSchema);
}

export type PlanModel = ReturnType<typeof planModel>;
