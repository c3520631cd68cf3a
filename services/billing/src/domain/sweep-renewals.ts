import { hourOf } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';
import { renewSubscription } from './renew-subscription';

const HOUR_MS = 3_600_000;
/** Where the clock starts on a store that never had one: far enough back for any restore. */
const FIRST_LOOK_BACK_MS = 7 * 24 * HOUR_MS;

const nextHour = (hour: string) => hourOf(new Date(Date.parse(`${hour}:00:00Z`) + HOUR_MS));

/**
 * The renewal clock, one run: every subscription whose moment has come, hour by hour from the
 * bookmark to now, is renewed, retried or ended. An hour is passed for good only once nothing in
 * it is left due, so a subscription that failed to move (PayPal away, a crash) is found again.
 */
export async function sweepRenewals(deps: BillingDeps, now = new Date()): Promise<void> {
  const current = hourOf(now);
  let hour =
    (await deps.subscriptions.sweptThrough()) ?? hourOf(new Date(now.getTime() - FIRST_LOOK_BACK_MS));
  let bookmark: string | undefined;
  for (; hour <= current; hour = nextHour(hour)) {
    const rows = await deps.subscriptions.dueIn(hour);
    const due = rows.filter((sub) => sub.dueAt != null && sub.dueAt <= now);
    for (const sub of due) {
      await renewSubscription(deps, sub, now).catch((err: unknown) =>
        deps.logger.error({ err, userId: sub._id }, 'renewal run failed; tried again on the next run'),
      );
    }
    // Whatever is still in the hour (not due yet, or did not move) holds the bookmark there.
    const left = due.length === 0 ? rows : await deps.subscriptions.dueIn(hour);
    if (left.length > 0) bookmark ??= hour;
  }
  await deps.subscriptions.setSweptThrough(bookmark ?? current);
}
