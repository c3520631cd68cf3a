/**
 * kafkajs 2.2.4, its last release, keeps every broker connection's request queue busy while it
 * has nothing to send: after each check it schedules the next one at `throttledUntil - now`,
 * which is negative unless the broker throttles, so a timer fires every millisecond for as long
 * as the connection is open (kafkajs issues #1556 and #1704). Each producer, admin and consumer
 * group holds such connections: an idle service spent about 20 ms of CPU a second on them, and
 * the wake-ups compete with requests on a small machine.
 *
 * The replacement below is the original with one change, the one proposed upstream: with nothing
 * pending and no throttle in force, it schedules nothing. Nothing is lost by that: a request that
 * cannot be sent at once is queued by `push`, which schedules a check, and each answer received
 * checks the queue again.
 */

interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking a queue that still holds requests. */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

export function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId) return;
  let scheduleAt = this.throttledUntil - Date.now();
  if (this.pending.length > 0) scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL;
  else if (scheduleAt <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, scheduleAt);
}

let installed = false;

/** Replaces kafkajs's request-queue scheduling, once per process. */
export function installKafkajsIdleTimerFix(): void {
  if (installed) return;
  // A deep import: kafkajs has no `exports` map, and this class is not part of its public API.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals };
  if (typeof RequestQueue.prototype.scheduleCheckPendingRequests !== 'function') {
    throw new Error('kafkajs changed: RequestQueue.scheduleCheckPendingRequests is gone; review this fix');
  }
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  installed = true;
}
