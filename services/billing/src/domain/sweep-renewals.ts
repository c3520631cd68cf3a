import { sweepDueHours } from '@podz/kit';
import type { BillingDeps } from './billing-deps';
import { renewSubscription } from './renew-subscription';

/**
 * The renewal clock, one run: every subscription whose moment has come is renewed, retried or
 * ended (kit `sweepDueHours`: hour by hour from the bookmark, an hour passed once nothing in it is
 * left due, so a subscription that failed to move — PayPal away, a crash — is found again).
 */
export async function sweepRenewals(deps: BillingDeps, now = new Date()): Promise<void> {
  await sweepDueHours(
    {
      sweptThrough: () => deps.subscriptions.sweptThrough(),
      setSweptThrough: (hour) => deps.subscriptions.setSweptThrough(hour),
      filedIn: (hour) => deps.subscriptions.dueIn(hour),
      isDue: (sub, at) => sub.dueAt != null && sub.dueAt <= at,
      handle: (sub, at) => renewSubscription(deps, sub, at),
      onError: (err, sub) =>
        deps.logger.error({ err, userId: sub._id }, 'renewal run failed; tried again on the next run'),
      // Far enough back for any restore.
      firstLookBackMs: 7 * 24 * 3_600_000,
    },
    now,
  );
}
