import { pendingEvent } from '@podz/kit';
import { subscriptionEnded, type SubscriptionEndReason } from '@podz/proto';
import type { SubscriptionChanges, SubscriptionRecord } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';
import { live, untilLanded } from './until-landed';

/** Ends without telling identity when the member left the plan themselves (or left altogether). */
const SILENT_ENDS: readonly SubscriptionEndReason[] = ['plan-changed', 'account-deleted'];

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
 * Identity says the member moved to another plan (or left): nothing is charged again. A change to
 * the plan it was bought for, or older than the subscription's start, changes nothing.
 */
export async function endOnLeaving(
  deps: BillingDeps,
  userId: string,
  left: { plan: string; at: Date } | 'account-deleted',
): Promise<void> {
  await untilLanded(deps, userId, async (sub) => {
    if (!live(sub)) return;
    if (left === 'account-deleted') return Boolean(await endSubscription(deps, sub, 'account-deleted'));
    if (sub.plan === left.plan || left.at <= sub.startedAt) return;
    return Boolean(await endSubscription(deps, sub, 'plan-changed'));
  });
}
