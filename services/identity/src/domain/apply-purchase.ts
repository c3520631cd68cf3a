import type { IdentityDeps } from './identity-deps';
import { applyPlan } from './change-plan';

/**
 * Billing verified a checkout: its buyer moves to the plan. A renewal changes no plan (the member
 * holds it already). The group records handled events, so an event delivered again cannot undo a
 * plan change made after it.
 */
export async function applyPurchase(
  deps: IdentityDeps,
  payment: { userId: string; plan: string; paymentId: string; kind: string },
): Promise<void> {
  const { userId, plan, paymentId, kind } = payment;
  if (kind === 'renewal') return;
  const updated = await applyPlan(deps, userId, plan);
  if (updated) deps.logger.info({ userId, plan, paymentId }, 'paid plan applied');
  else deps.logger.warn({ userId, plan, paymentId }, 'paid plan not applied: the user no longer exists');
}
