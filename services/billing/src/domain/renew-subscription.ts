import { newId, present } from '@podz/kit';
import type { PaymentRecord } from '../data/payment-repository';
import { type SubscriptionRecord } from '../data/subscription-repository';
import { PayPalError } from '../paypal/paypal-client';
import type { BillingDeps } from './billing-deps';
import { savedAccount } from './paypal-checkout';
import { settleCapture } from './settle-capture';
import { applyPayment } from './apply-payment';
import { endSubscription } from './end-subscription';

/** Renews, retries or ends one due subscription. */
export async function renewSubscription(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  now: Date,
): Promise<unknown> {
  if (sub.renewalPaymentId) return resumeCharge(deps, sub, now);
  if (sub.state === 'ended') return deps.subscriptions.update(sub, { dueAt: null });
  if (sub.state === 'cancelled' || !sub.vaultId) return endSubscription(deps, sub, 'cancelled');
  if (!(await deps.plans.find(sub.plan))) return endSubscription(deps, sub, 'plan-withdrawn');
  if (!deps.paypal) return postpone(deps, sub, now);
  const paymentId = newId();
  const claimed = await deps.subscriptions.update(sub, {
    renewalPaymentId: paymentId,
    dueAt: new Date(now.getTime() + deps.config.RENEWAL_LEASE_MS),
  });
  if (!claimed) return;
  const payment = await deps.payments.create(paymentId, renewalPayment(claimed, paymentId));
  return charge(deps, claimed, payment, now);
}

/** No PayPal credentials (any more): nothing can be charged, so the renewal waits for them. */
function postpone(deps: BillingDeps, sub: SubscriptionRecord, now: Date) {
  deps.logger.warn({ userId: sub._id }, 'renewal due but PayPal is not configured; tried again later');
  return deps.subscriptions.update(sub, { dueAt: new Date(now.getTime() + deps.config.RENEWAL_LEASE_MS) });
}

function renewalPayment(sub: SubscriptionRecord, paymentId: string) {
  return {
    userId: sub._id,
    plan: sub.plan,
    planName: sub.planName,
    amount: sub.amount,
    currency: sub.currency,
    interval: sub.interval,
    // Until PayPal answers with the order it made.
    orderId: `RENEWAL-${paymentId.toUpperCase()}`,
    kind: 'renewal' as const,
    state: 'capturing' as const,
  };
}

/**
 * A renewal whose lease ran out before it settled (PayPal away, a process gone, a held capture):
 * asked again with the same request id, so PayPal answers what it did the first time.
 */
async function resumeCharge(deps: BillingDeps, sub: SubscriptionRecord, now: Date): Promise<unknown> {
  const paymentId = present(sub.renewalPaymentId, 'the renewal payment id of a charge under way');
  const payment =
    (await deps.payments.findById(paymentId)) ??
    (await deps.payments.create(paymentId, renewalPayment(sub, paymentId)));
  if (payment.state === 'completed') return applyPayment(deps, paymentId);
  if (payment.state === 'failed' || payment.state === 'refused') return declined(deps, sub, now);
  if (!deps.paypal) return postpone(deps, sub, now);
  const leased = await deps.subscriptions.update(sub, {
    dueAt: new Date(now.getTime() + deps.config.RENEWAL_LEASE_MS),
  });
  if (leased) await charge(deps, leased, payment, now);
}

/**
 * Charges the saved PayPal account for the next period: an order paid by the payment token, which
 * PayPal captures at once. What it captured is checked like any capture; the completed payment's
 * event extends the subscription.
 */
async function charge(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  payment: PaymentRecord,
  now: Date,
): Promise<unknown> {
  const paymentId = payment.id;
  const paypal = present(deps.paypal, 'PayPal (renewals wait while it is not configured)');
  let order;
  try {
    order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: sub.plan,
            custom_id: paymentId,
            description: `PODZ ${sub.planName}, renewal`,
            amount: { currency_code: sub.currency, value: sub.amount },
          },
        ],
        payment_source: { paypal: { vault_id: present(sub.vaultId, 'the saved PayPal account') } },
      },
      `renewal-${paymentId}`,
    );
  } catch (err) {
    const refused = err instanceof PayPalError && !err.unreachable && err.status !== 401;
    if (!refused) {
      // The lease brings it back: the same request id then learns what PayPal did.
      deps.logger.warn({ err, userId: sub._id, paymentId }, 'renewal not charged: PayPal failed');
      return;
    }
    await deps.payments.transition(payment.id, ['capturing'], 'failed', {
      reason: `PayPal refused the renewal (${err.issue})`,
    });
    return declined(deps, sub, now);
  }
  const placed =
    (await deps.payments.transition(payment.id, ['capturing'], 'capturing', { orderId: order.id })) ??
    payment;
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) {
    await deps.payments.transition(payment.id, ['capturing'], 'failed', {
      reason: `PayPal did not charge the saved account (${order.status.toLowerCase()})`,
    });
    return declined(deps, sub, now);
  }
  const settled = await settleCapture(deps, placed, capture, savedAccount(order));
  if (settled.outcome === 'completed') return applyPayment(deps, paymentId);
  if (settled.outcome === 'refused') return declined(deps, sub, now);
  // Pending: PayPal's webhook completes it; until then the lease holds the subscription.
}

/** A renewal PayPal would not take: tried again after a while, and the plan ends after the last try. */
async function declined(deps: BillingDeps, sub: SubscriptionRecord, now: Date): Promise<unknown> {
  const current = (await deps.subscriptions.find(sub._id)) ?? sub;
  const failedCharges = current.failedCharges + 1;
  if (current.state === 'cancelled') return endSubscription(deps, current, 'cancelled');
  if (failedCharges >= deps.config.RENEWAL_MAX_DECLINES)
    return endSubscription(deps, current, 'payment-failed', { failedCharges });
  deps.logger.warn({ userId: sub._id, failedCharges }, 'renewal declined; tried again later');
  return deps.subscriptions.update(current, {
    state: 'past_due',
    failedCharges,
    renewalPaymentId: null,
    dueAt: new Date(now.getTime() + deps.config.RENEWAL_RETRY_MS),
  });
}
