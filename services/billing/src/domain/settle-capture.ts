import { AppError, pendingEvent } from '@podz/kit';
import { paymentCompleted, type Payment, type PaymentKind } from '@podz/proto';
import type { PaymentRecord } from '../data/payment-repository';
import type { Capture } from '../paypal/paypal-api';
import type { BillingDeps } from './billing-deps';

export type Settlement =
  | { outcome: 'completed'; payment: PaymentRecord }
  | { outcome: 'pending'; payment: PaymentRecord }
  | { outcome: 'refused'; payment: PaymentRecord }
  | { outcome: 'unchanged'; payment: PaymentRecord };

/** Why PayPal's capture is not the one billing asked for; undefined when it is. */
function mismatch(payment: PaymentRecord, capture: Capture): string | undefined {
  const { value, currency_code: currency } = capture.amount;
  if (value !== payment.amount || currency !== payment.currency) {
    return `PayPal captured ${value} ${currency}; ${payment.planName} costs ${payment.amount} ${payment.currency}`;
  }
  if (capture.custom_id !== undefined && capture.custom_id !== payment.id) {
    return 'PayPal captured a payment for another order';
  }
  return undefined;
}

/**
 * What PayPal captured, checked against what billing asked for, decides the payment: the amount,
 * currency and payment id must match and the capture must be COMPLETED. A completed payment
 * carries the event identity moves the buyer by, in the same write; a PENDING capture waits for
 * PayPal's webhook; anything else is refused and changes no plan. Each outcome happens once.
 */
export async function settleCapture(
  deps: BillingDeps,
  payment: PaymentRecord,
  capture: Capture,
  /** The payment token PayPal saved the buyer's account under, when it said so with the capture. */
  vaultId?: string,
): Promise<Settlement> {
  const saved = vaultId ? { vaultId } : {};
  const open = ['created', 'capturing'] as const;
  const wrong = mismatch(payment, capture);
  if (wrong) {
    // Money may have moved for the wrong amount: an operator refunds it in PayPal.
    deps.logger.error({ paymentId: payment.id, captureId: capture.id, wrong }, 'capture refused');
    const refused = await deps.payments.transition(payment.id, open, 'refused', {
      reason: wrong,
      captureId: capture.id,
    });
    return refused ? { outcome: 'refused', payment: refused } : unchanged(deps, payment);
  }
  if (capture.status === 'PENDING') {
    const pending = await deps.payments.transition(payment.id, open, 'capturing', {
      captureId: capture.id,
      ...saved,
    });
    return pending ? { outcome: 'pending', payment: pending } : unchanged(deps, payment);
  }
  if (capture.status !== 'COMPLETED') {
    const reason = `PayPal did not take the payment (${capture.status.toLowerCase()})`;
    const failed = await deps.payments.transition(payment.id, open, 'failed', {
      reason,
      captureId: capture.id,
    });
    return failed ? { outcome: 'refused', payment: failed } : unchanged(deps, payment);
  }
  const paymentId = payment.id;
  const event = pendingEvent(paymentCompleted, paymentId, {
    paymentId,
    kind: payment.kind as PaymentKind,
    userId: payment.userId,
    plan: payment.plan,
    amount: payment.amount,
    currency: payment.currency as Payment['currency'],
    orderId: payment.orderId,
    captureId: capture.id,
  });
  const completed = await deps.payments.transition(
    payment.id,
    open,
    'completed',
    { captureId: capture.id, completedAt: new Date(), reason: null, ...saved },
    [event],
  );
  if (!completed) return unchanged(deps, payment);
  deps.logger.info({ paymentId, userId: payment.userId, plan: payment.plan }, 'payment completed');
  return { outcome: 'completed', payment: completed };
}

async function unchanged(deps: BillingDeps, payment: PaymentRecord): Promise<Settlement> {
  return {
    outcome: 'unchanged',
    payment: (await deps.payments.findById(payment.id)) ?? payment,
  };
}

export const paymentRefused = (payment: PaymentRecord) =>
  new AppError('PAYMENT_REFUSED', payment.reason ?? 'The payment was refused; nothing changed');
