import { DEFAULT_PLAN } from '@podz/proto';
import type { IdentityDeps } from './identity-deps';
import { applyPlan } from './change-plan';

/** A subscription ran out: its member goes back to the free plan if still on its plan. */
export async function endPaidPlan(
  deps: IdentityDeps,
  ended: { userId: string; plan: string; reason: string },
): Promise<void> {
  const { userId, plan, reason } = ended;
  const user = await deps.users.findById(userId);
  // Moved on already (an admin's change, another plan bought): that choice stands.
  if (!user || user.plan !== plan) return;
  await applyPlan(deps, userId, DEFAULT_PLAN);
  deps.logger.info({ userId, plan, reason }, 'paid plan ended: back to the free plan');
}
