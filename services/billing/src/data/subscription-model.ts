import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { outboxPlugin } from '@podz/kit';
import { PLAN_CURRENCIES, PLAN_INTERVALS, SUBSCRIPTION_END_REASONS, SUBSCRIPTION_STATES } from '@podz/proto';

/**
 * A member's paid plan over time: one per member, keyed by their user id, from the first payment
 * to the period it ends with. Renewals are found by the hour they fall due (`dueHour`, an indexed
 * equality), so the clock reads the subscriptions due in an hour, never the collection.
 */
const subscriptionSchema = new Schema(
  {
    _id: { type: String, required: true },
    plan: { type: String, required: true },
    planName: { type: String, required: true },
    amount: { type: String, required: true },
    currency: { type: String, enum: PLAN_CURRENCIES, required: true },
    interval: { type: String, enum: PLAN_INTERVALS, required: true },
    state: { type: String, enum: SUBSCRIPTION_STATES, required: true },
    /** PayPal's payment token for the member's saved account; null when PayPal saved none. */
    vaultId: { type: String, default: null },
    paidThrough: { type: Date, required: true },
    /** When the clock next acts on it: a renewal, a retry, the end, or a lease running out. */
    dueAt: { type: Date, default: null },
    dueHour: { type: String, default: null, index: true },
    /** The renewal charge in progress: its payment id, reused until PayPal answered. */
    renewalPaymentId: { type: String, default: null },
    failedCharges: { type: Number, default: 0 },
    /** The payments that started or extended it, the latest few: a payment is applied once. */
    appliedPaymentIds: { type: [String], default: [] },
    startedAt: { type: Date, required: true },
    endedReason: { type: String, enum: [...SUBSCRIPTION_END_REASONS, null], default: null },
    /** Every write is conditional on the version it read: the clock, a cancel and an event never cross. */
    version: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'subscriptions' },
);
subscriptionSchema.plugin(outboxPlugin);

export type SubscriptionRecord = InferSchemaType<typeof subscriptionSchema> & {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
};

export function subscriptionModel(db: Connection) {
  return db.model('Subscription', subscriptionSchema);
}

export type SubscriptionModel = ReturnType<typeof subscriptionModel>;

/** The clock's bookmark: every hour before `sweptThrough` holds nothing due. */
const renewalClockSchema = new Schema(
  { _id: { type: String, required: true }, sweptThrough: { type: String, required: true } },
  { collection: 'renewal_clock', versionKey: false },
);

export function renewalClockModel(db: Connection) {
  return db.model('RenewalClock', renewalClockSchema);
}

export type RenewalClockModel = ReturnType<typeof renewalClockModel>;
