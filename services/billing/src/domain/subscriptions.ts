import {
  forbidden,
  isAdmin,
  notFound,
  on,
  pendingEvent,
  type AuthUser,
  type Subscription as EventSubscription,
  present,
} from '@podz/kit';
import {
  paymentCompleted,
  subscriptionEnded,
  userDeleted,
  userPlanChanged,
  type PricingPlan,
  type Subscription,
  type SubscriptionAnswer,
  type SubscriptionEndReason,
} from '@podz/proto';
import type { PaymentRecord } from '../data/payment-repository';
import type { SubscriptionChanges, SubscriptionRecord } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';

/** Payments a subscription remembers as applied: far more than can be in flight at once. */
const APPLIED_KEPT = 24;

/** The same day of the next month or year (UTC), the last day when that month is shorter. */
export function addInterval(at: Date, interval: PricingPlan['interval']): Date {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

const live = (sub: SubscriptionRecord | null): sub is SubscriptionRecord => !!sub && sub.state !== 'ended';

/** Ends without telling identity when the member left the plan themselves (or left altogether). */
const SILENT_ENDS: readonly SubscriptionEndReason[] = ['plan-changed', 'account-deleted'];

/**
 * Retries a read-decide-write until it lands on the version it read (the clock, a cancel and an
 * event may write between). The decision returns undefined when there is nothing to do.
 */
async function untilLanded(
  deps: BillingDeps,
  userId: string,
  decide: (sub: SubscriptionRecord | null) => Promise<boolean | undefined> | boolean | undefined,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const done = await decide(await deps.subscriptions.find(userId));
    if (done !== false) return;
  }
  throw new Error(`subscription ${userId} kept changing; the event is tried again`);
}

/** Ends the subscription as it was read; null when someone wrote first. */
export function endSubscription(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  reason: SubscriptionEndReason,
  changes: SubscriptionChanges = {},
) {
  const events = SILENT_ENDS.includes(reason)
    ? []
    : [
        pendingEvent(subscriptionEnded, sub._id, {
          userId: sub._id,
          plan: sub.plan,
          reason,
          paidThrough: sub.paidThrough.toISOString(),
        }),
      ];
  deps.logger.info({ userId: sub._id, plan: sub.plan, reason }, 'subscription ended');
  return deps.subscriptions.update(
    sub,
    { ...changes, state: 'ended', endedReason: reason, dueAt: null, renewalPaymentId: null },
    events,
  );
}

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
  const paymentId = payment._id.toHexString();
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

/**
 * What billing hears: its own completed payments (so a payment applied to a subscription survives
 * a crash right after it completed), and identity's word that a member moved to another plan or
 * left, after which nothing is charged again. The group records handled events.
 */
export function subscriptionReactions(deps: BillingDeps): EventSubscription[] {
  return [
    on(paymentCompleted, (event) => applyPayment(deps, event.data.paymentId)),
    on(userPlanChanged, (event) =>
      untilLanded(deps, event.data.userId, async (sub) => {
        // The plan it was bought for, or a change older than the subscription's start.
        if (!live(sub) || sub.plan === event.data.plan || new Date(event.time) <= sub.startedAt) return;
        return Boolean(await endSubscription(deps, sub, 'plan-changed'));
      }),
    ),
    on(userDeleted, (event) =>
      untilLanded(deps, event.data.userId, async (sub) => {
        if (!live(sub)) return;
        return Boolean(await endSubscription(deps, sub, 'account-deleted'));
      }),
    ),
  ];
}

export function subscriptionView(sub: SubscriptionRecord): Subscription {
  const renews = (sub.state === 'active' || sub.state === 'past_due') && Boolean(sub.vaultId);
  return {
    userId: sub._id,
    plan: sub.plan,
    planName: sub.planName,
    amount: sub.amount,
    currency: sub.currency as Subscription['currency'],
    interval: sub.interval as Subscription['interval'],
    state: sub.state as Subscription['state'],
    renews,
    paidThrough: sub.paidThrough.toISOString(),
    nextChargeAt: renews && sub.dueAt ? sub.dueAt.toISOString() : null,
    failedCharges: sub.failedCharges,
    endedReason: (sub.endedReason ?? null) as Subscription['endedReason'],
    startedAt: sub.startedAt.toISOString(),
  };
}

function whose(caller: AuthUser, userId: string | undefined): string {
  const id = userId ?? caller.id;
  if (id !== caller.id && !isAdmin(caller)) throw forbidden('You can only see your own subscription');
  return id;
}

/** `GET /api/billing/subscription`: the caller's own; an admin may name anyone. */
export async function readSubscription(
  deps: BillingDeps,
  caller: AuthUser,
  userId?: string,
): Promise<SubscriptionAnswer> {
  const sub = await deps.subscriptions.find(whose(caller, userId));
  return { subscription: sub ? subscriptionView(sub) : null };
}

/**
 * `DELETE /api/billing/subscription`: stop renewing. The plan stays until the end of what was
 * paid for (a renewal being charged right now still lands); cancelling again changes nothing.
 */
export async function cancelRenewal(
  deps: BillingDeps,
  caller: AuthUser,
  userId?: string,
): Promise<SubscriptionAnswer> {
  const id = whose(caller, userId);
  let answer: SubscriptionRecord | null = null;
  await untilLanded(deps, id, async (sub) => {
    if (!live(sub)) throw notFound('Subscription');
    answer = sub;
    if (sub.state === 'cancelled') return true;
    const dueAt = sub.renewalPaymentId ? sub.dueAt : sub.state === 'past_due' ? new Date() : sub.paidThrough;
    answer = await deps.subscriptions.update(sub, { state: 'cancelled', dueAt });
    return Boolean(answer);
  });
  deps.logger.info({ userId: id, by: caller.id }, 'subscription renewal cancelled');
  return { subscription: subscriptionView(present<SubscriptionRecord>(answer, `subscription ${id}`)) };
}
