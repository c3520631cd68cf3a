import { on, type Subscription } from '@podz/kit';
import { guestAdded, hostConfirmed, requestApproved } from '@podz/proto';
import { grantAccess } from '../domain/grant-access';
import type { IdentityDeps } from '../domain/identity-deps';

/**
 * The grants identity hears about: an approved owner or guest request (requests), hosting a show
 * (catalog), appearing as a guest (catalog).
 */
export function accessGrants(deps: IdentityDeps): Subscription[] {
  return [
    on(requestApproved, async (event) => void (await grantAccess(deps, event.data.userId, event.data.role))),
    on(hostConfirmed, async (event) => void (await grantAccess(deps, event.data.userId, 'host'))),
    on(guestAdded, async (event) => void (await grantAccess(deps, event.data.userId, 'guest'))),
  ];
}
