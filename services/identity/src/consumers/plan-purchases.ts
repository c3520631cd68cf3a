import { on, type Subscription } from '@podz/kit';
import { paymentCompleted, subscriptionEnded } from '@podz/proto';
import { applyPurchase } from '../domain/apply-purchase';
import { endPaidPlan } from '../domain/end-paid-plan';
import type { IdentityDeps } from '../domain/identity-deps';

/** Billing's verified checkouts move their buyers; a subscription that ran out moves them back. */
export function planPurchases(deps: IdentityDeps): Subscription[] {
  return [
    on(paymentCompleted, (event) => applyPurchase(deps, event.data)),
    on(subscriptionEnded, (event) => endPaidPlan(deps, event.data)),
  ];
}
