import { on, type Subscription } from '@podz/kit';
import { IDENTITY_USER_EVENTS } from '@podz/proto';
import type { IdentityDeps } from '../domain/identity-deps';
import { syncPerson } from '../domain/keep-people-lists';

/** Every user event places its user again: the repair path for a write whose placing failed. */
export function peopleListUpkeep(deps: IdentityDeps): Subscription[] {
  return IDENTITY_USER_EVENTS.map((definition) =>
    on(definition, (event) => syncPerson(deps, (event.data as { userId: string }).userId)),
  );
}
