import type { PricingPlan } from '@podz/proto';
import type { PaymentRecord } from '../data/payment-repository';
import type { SubscriptionRecord } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';
import { addInterval } from './subscription-periods';
import { live, untilLanded } from './until-landed';

/** Payments a subscription remembers as applied: far more than can be in flight at once. */
const APPLIED_KEPT = 24;

/**
 * A completed payment, applied to its buyer's subscription once. A checkout starts one (or adds a
 * period to the same plan's, or replaces another plan's); a renewal adds the period it paid for.
 * The saved PayPal account, when PayPal saved one, is what later periods are charged to; without
 * one the subscription will not renew.
 */
export async function applyPayment(deps: BillingDeps, paymentId: string): Promise<void> {
  const payment = await deps.payments.findById(paymentId);
  if (!payment || payment.state !== 'completed') return;
  await untilLanded(deps, payment.userId, async (sub) => {
    if (sub?.appliedPaymentIds.includes(paymentId)) return true;
    const applied = [...(sub?.appliedPaymentIds ?? []), paymentId].slice(-APPLIED_KEPT);
    if (payment.kind === 'renewal') return applyRenewal(deps, sub, payment, applied);
    const fields = startedBy(payment, live(sub) ? sub : null, applied);
    if (!sub) return deps.subscriptions.insert(payment.userId, fields);
    return Boolean(await deps.subscriptions.update(sub, fields));
  });
}

function startedBy(payment: PaymentRecord, current: SubscriptionRecord | null, applied: string[]) {
  const paidAt = payment.completedAt ?? new Date();
  const samePlan = current?.plan === payment.plan ? current : null;
  // Bought again while still paid up: the new period follows the one already paid for.
  const from = samePlan && samePlan.paidThrough > paidAt ? samePlan.paidThrough : paidAt;
  const interval = payment.interval as PricingPlan['interval'];
  const paidThrough = addInterval(from, interval);
  const vaultId = payment.vaultId ?? samePlan?.vaultId ?? null;
  return {
    plan: payment.plan,
    planName: payment.planName,
    amount: payment.amount,
    currency: payment.currency,
    interval,
    state: vaultId ? ('active' as const) : ('cancelled' as const),
    vaultId,
    paidThrough,
    dueAt: paidThrough,
    renewalPaymentId: null,
    failedCharges: 0,
    appliedPaymentIds: applied,
    startedAt: samePlan?.startedAt ?? paidAt,
    endedReason: null,
  };
}

async function applyRenewal(
  deps: BillingDeps,
  sub: SubscriptionRecord | null,
  payment: PaymentRecord,
  applied: string[],
): Promise<boolean> {
  const paymentId = payment.id;
  if (!sub || sub.renewalPaymentId !== paymentId || sub.state === 'ended') {
    // Charged for a period nobody holds any more (the member left the plan while it was charged).
    deps.logger.error(
      { paymentId, userId: payment.userId, orderId: payment.orderId },
      'renewal completed for a subscription that moved on: refund it in PayPal',
    );
    return true;
  }
  const paidThrough = addInterval(sub.paidThrough, sub.interval as PricingPlan['interval']);
  const updated = await deps.subscriptions.update(sub, {
    paidThrough,
    dueAt: paidThrough,
    state: sub.state === 'cancelled' ? 'cancelled' : 'active',
    renewalPaymentId: null,
    failedCharges: 0,
    appliedPaymentIds: applied,
  });
  if (updated) deps.logger.info({ userId: sub._id, plan: sub.plan, paidThrough }, 'subscription renewed');
  return Boolean(updated);
}
