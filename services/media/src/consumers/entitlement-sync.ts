import { on, type Subscription } from '@podz/kit';
import { userDeleted } from '@podz/proto';
import type { EntitlementBook } from '@podz/read-models';

/**
 * Media's own entitlement book (who may hear premium audio), from identity's plans and billing's
 * ends; a deleted member's entitlement goes with them. Each write carries its event's time and an
 * older word never wins, so the group keeps no handled-event records.
 */
export function entitlementSubscriptions(entitlements: EntitlementBook): Subscription[] {
  return [
    ...entitlements.subscriptions(),
    on(userDeleted, (event) => entitlements.remove(event.data.userId)),
  ];
}
