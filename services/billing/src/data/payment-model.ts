import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import { PAYMENT_KINDS, PAYMENT_STATES, PLAN_CURRENCIES, PLAN_INTERVALS } from '@podz/proto';

/**
 * One attempt to pay for a plan, from the PayPal order billing created to what PayPal captured.
 * The payment's id is the order's `custom_id`, so PayPal's webhooks name it.
 */
const paymentSchema = new Schema(
  {
    // A user's history is read by this field alone (bounded by one user's payments).
    userId: { type: String, required: true, index: true },
    plan: { type: String, required: true },
    planName: { type: String, required: true },
    /** What the order asks for, as PayPal writes money: a decimal string. */
    amount: { type: String, required: true },
    currency: { type: String, enum: PLAN_CURRENCIES, required: true },
    interval: { type: String, enum: PLAN_INTERVALS, required: true },
    kind: { type: String, enum: PAYMENT_KINDS, default: 'checkout' },
    state: { type: String, enum: PAYMENT_STATES, required: true },
    reason: { type: String, default: null },
    orderId: { type: String, required: true, unique: true },
    captureId: { type: String, default: null },
    /**
     * The PayPal payment token (vault id) PayPal saved the buyer's account under at capture; what
     * renewals charge. Never leaves billing.
     */
    vaultId: { type: String, default: null },
    /** Each capture attempt gets its own PayPal-Request-Id: PayPal replays an id's first answer. */
    captureAttempts: { type: Number, default: 0 },
    completedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'payments' },
);
paymentSchema.plugin(outboxPlugin);

export type StoredPayment = InferSchemaType<typeof paymentSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

/** A payment as use cases read it. */
export type PaymentRecord = Keyed<StoredPayment>;

export function paymentModel(db: Connection) {
  return db.model('Payment', paymentSchema);
}

export type PaymentModel = ReturnType<typeof paymentModel>;
