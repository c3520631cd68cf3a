import { on, type Subscription } from '@podz/kit';
import { userDeleted } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';

/**
 * Keeps the entitlement read model (premium listening) from identity's plans and billing's ends
 * (`EntitlementBook`); a deleted member takes their private feeds and entitlement with them. Each
 * write carries its event's time and an older word never wins, so the group needs no handled-event
 * records.
 */
export function entitlementSync(deps: Pick<CatalogDeps, 'entitlements' | 'privateFeeds'>): Subscription[] {
  return [
    ...deps.entitlements.subscriptions(),
    on(userDeleted, async (event) => {
      await deps.privateFeeds.removeMember(event.data.userId);
      await deps.entitlements.remove(event.data.userId);
    }),
  ];
}
