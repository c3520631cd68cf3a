import { on, type Subscription } from '@podz/kit';
import { paymentCompleted, userDeleted, userPlanChanged } from '@podz/proto';
import { applyPayment } from '../domain/apply-payment';
import type { BillingDeps } from '../domain/billing-deps';
import { endOnLeaving } from '../domain/end-subscription';

/**
 * What billing hears: its own completed payments (so a payment applied to a subscription survives
 * a crash right after it completed), and identity's word that a member moved to another plan or
 * left, after which nothing is charged again. The group records handled events.
 */
export function subscriptionReactions(deps: BillingDeps): Subscription[] {
  return [
    on(paymentCompleted, (event) => applyPayment(deps, event.data.paymentId)),
    on(userPlanChanged, (event) =>
      endOnLeaving(deps, event.data.userId, { plan: event.data.plan, at: new Date(event.time) }),
    ),
    on(userDeleted, (event) => endOnLeaving(deps, event.data.userId, 'account-deleted')),
  ];
}
