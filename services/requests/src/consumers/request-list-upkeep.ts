import { on, type Subscription } from '@podz/kit';
import { REQUEST_EVENTS } from '@podz/proto';
import type { RequestsDeps } from '../domain/requests-deps';

/** Every request event places its request again from the store: the repair path for a write whose placing failed. */
export function requestListUpkeep(deps: RequestsDeps): Subscription[] {
  return REQUEST_EVENTS.map((definition) =>
    on(definition, (event) => deps.requests.lists.sync((event.data as { requestId: string }).requestId)),
  );
}
