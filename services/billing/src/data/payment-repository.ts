import { Types } from 'mongoose';
import { keyed, keyedOrNull, withEvents, type OutboxRelay, type PendingEvent, present } from '@podz/kit';
import { isObjectId, PAYMENTS_LIST_MAX, type PaymentState } from '@podz/proto';
import type { PaymentModel, PaymentRecord, StoredPayment } from './payment-model';

export type { PaymentRecord };
export type NewPayment = Pick<
  PaymentRecord,
  'userId' | 'plan' | 'planName' | 'amount' | 'currency' | 'interval' | 'orderId'
> &
  Partial<Pick<PaymentRecord, 'kind' | 'state'>>;

/**
 * Payments in the store. Every change of state is conditional on the state it leaves, so two
 * requests (a repeated approval, a webhook racing the capture) cannot both make it.
 */
export class PaymentRepository {
  constructor(
    private readonly model: PaymentModel,
    private readonly relay: OutboxRelay,
  ) {}

  findById(id: string): Promise<PaymentRecord | null> {
    return this.model.findById(new Types.ObjectId(id)).lean<StoredPayment>().then(keyedOrNull);
  }

  /**
   * The payment a PayPal capture names: by its `custom_id` when that is a payment id, else by its
   * order; null for a capture of something billing did not sell.
   */
  findByCapture(customId: string | undefined, orderId: string | undefined): Promise<PaymentRecord | null> {
    if (customId && isObjectId(customId)) return this.findById(customId);
    return orderId ? this.findByOrderId(orderId) : Promise.resolve(null);
  }

  findByOrderId(orderId: string): Promise<PaymentRecord | null> {
    return this.model.findOne({ orderId }).lean<StoredPayment>().then(keyedOrNull);
  }

  /** A user's payments, newest first (one user's own: a handful a year). */
  async forUser(userId: string): Promise<PaymentRecord[]> {
    const rows = await this.model.find({ userId }).lean<StoredPayment[]>();
    return rows
      .map(keyed)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, PAYMENTS_LIST_MAX);
  }

  async create(paymentId: string, payment: NewPayment): Promise<PaymentRecord> {
    await this.model.create({ _id: new Types.ObjectId(paymentId), state: 'created', ...payment });
    return present(await this.findById(paymentId), `payment ${paymentId}`);
  }

  /**
   * Claims a payment for one capture attempt: a created one, or one whose last attempt has been
   * capturing for longer than `staleMs` (its process died, or PayPal's answer was lost: a new
   * attempt learns from PayPal whether it was captured). Null when another attempt holds it.
   */
  async claimForCapture(id: string, staleMs = 120_000): Promise<PaymentRecord | null> {
    const stale = new Date(Date.now() - staleMs);
    const result = await this.model.updateOne(
      {
        _id: new Types.ObjectId(id),
        $or: [{ state: 'created' }, { state: 'capturing', updatedAt: { $lt: stale } }],
      },
      { $set: { state: 'capturing' }, $inc: { captureAttempts: 1 } },
    );
    return result.modifiedCount === 0 ? null : this.findById(id);
  }

  /**
   * Moves the payment from one of `from` to `to` with the changes and events given, in one write;
   * null when it was not in any of those states (someone else moved it first).
   */
  async transition(
    id: string,
    from: readonly PaymentState[],
    to: PaymentState,
    changes: Partial<
      Pick<PaymentRecord, 'reason' | 'captureId' | 'completedAt' | 'orderId' | 'vaultId'>
    > = {},
    events: PendingEvent[] = [],
  ): Promise<PaymentRecord | null> {
    // updateOne and a read, not findOneAndUpdate: FerretDB cannot project on findAndModify, and
    // the outbox fields are never selected. The filter on the state makes the update the decision.
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), state: { $in: [...from] } },
      withEvents({ $set: { ...changes, state: to } }, events),
    );
    if (result.modifiedCount === 0) return null;
    if (events.length > 0) this.relay.kick(this.model);
    return this.findById(id);
  }
}
