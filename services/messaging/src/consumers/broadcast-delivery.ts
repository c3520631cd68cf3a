import { on, type Subscription } from '@podz/kit';
import { broadcastPart } from '@podz/proto';
import { deliverBroadcastPart } from '../domain/deliver-broadcast-part';
import type { MessagingDeps } from '../domain/messaging-deps';

/** The parts an admin's broadcast was queued in, each delivered to its recipients. */
export function broadcastDelivery(deps: MessagingDeps): Subscription[] {
  return [on(broadcastPart, (event) => deliverBroadcastPart(deps, event.data))];
}
