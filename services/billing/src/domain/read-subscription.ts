import { forbidden, isAdmin, notFound, present, type AuthUser } from '@podz/kit';
import type { SubscriptionAnswer } from '@podz/proto';
import type { SubscriptionRecord } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';
import { subscriptionView } from './subscription-view';
import { live, untilLanded } from './until-landed';

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
