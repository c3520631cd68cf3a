import { on, type Subscription } from '@podz/kit';
import { requestApproved, requestRejected } from '@podz/proto';
import type { MessagingDeps } from '../domain/messaging-deps';
import { tellReviewed } from '../domain/tell-reviewed';

/** Requests' reviews, told to the requesters. */
export function reviewNotices(deps: MessagingDeps): Subscription[] {
  return [
    on(requestApproved, (event) => tellReviewed(deps, event, event.data, true)),
    on(requestRejected, (event) => tellReviewed(deps, event, event.data, false)),
  ];
}
