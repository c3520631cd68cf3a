import { on, onBatch, type Subscription } from '@podz/kit';
import { subscriptionEnded, userDeleted, userPlanChanged, userRegistered } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';

/**
 * Keeps the entitlement read model (premium listening) from identity's plans and billing's ends:
 * a checkout moves a member to a plan (identity), a subscription that runs out is billing's word
 * first and identity's move back to free after it. Each write carries its event's time and an
 * older word never wins, so the group needs no handled-event records.
 */
export function entitlementSync(deps: Pick<CatalogDeps, 'entitlements' | 'privateFeeds'>): Subscription[] {
  return [
    onBatch(userRegistered, (events) =>
      deps.entitlements.setPlans(
        events.map(({ data, time }) => ({ userId: data.userId, plan: data.plan, at: new Date(time) })),
      ),
    ),
    on(userPlanChanged, (event) =>
      deps.entitlements.setPlan(event.data.userId, event.data.plan, new Date(event.time)),
    ),
    on(subscriptionEnded, (event) =>
      deps.entitlements.setEnded(event.data.userId, {
        plan: event.data.plan,
        reason: event.data.reason,
        at: new Date(event.time),
      }),
    ),
    on(userDeleted, async (event) => {
      await deps.privateFeeds.removeMember(event.data.userId);
      await deps.entitlements.remove(event.data.userId);
    }),
  ];
}
