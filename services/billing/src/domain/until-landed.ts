import type { SubscriptionRecord } from '../data/subscription-repository';
import type { BillingDeps } from './billing-deps';

/** A subscription that has not ended. */
export const live = (sub: SubscriptionRecord | null): sub is SubscriptionRecord =>
  !!sub && sub.state !== 'ended';

/**
 * Retries a read-decide-write until it lands on the version it read (the clock, a cancel and an
 * event may write between). The decision returns undefined when there is nothing to do.
 */
export async function untilLanded(
  deps: BillingDeps,
  userId: string,
  decide: (sub: SubscriptionRecord | null) => Promise<boolean | undefined> | boolean | undefined,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const done = await decide(await deps.subscriptions.find(userId));
    if (done !== false) return;
  }
  throw new Error(`subscription ${userId} kept changing; the event is tried again`);
}
