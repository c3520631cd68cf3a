import type { Subscription } from '@podz/proto';
import type { SubscriptionRecord } from '../data/subscription-repository';

/** A subscription as the API answers it. */
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
