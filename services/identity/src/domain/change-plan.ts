import { forbidden, isAdmin, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { userPlanChanged } from '@podz/proto';
import type { IdentityDeps } from './identity-deps';
import { fullView } from './user-views';

/**
 * `PATCH /api/users/{id}/plan`. An admin may put anyone on any plan content offers; a member may
 * only move themselves to a free one. A paid plan is bought through billing, whose verified
 * payment event moves the buyer (`planPurchases`): nobody gets one by asking.
 */
export async function changePlan(deps: IdentityDeps, caller: AuthUser, id: string, slug: string) {
  const admin = isAdmin(caller);
  if (caller.id !== id && !admin) throw forbidden('You can only change your own plan');
  const plan = await deps.plans.offered(slug);
  if (!admin && plan.price > 0) throw forbidden(`${plan.name} is a paid plan: buy it on the pricing page`);
  if (!admin && !plan.active) throw forbidden(`${plan.name} is not on offer`);
  const updated = await applyPlan(deps, id, slug);
  if (!updated) throw notFound('User');
  return fullView(updated);
}

/** Moves a user to a plan, with the event that says so; unchanged when they hold it already. */
export async function applyPlan(deps: IdentityDeps, id: string, plan: string) {
  const user = await deps.users.findById(id);
  if (!user) return null;
  if (user.plan === plan) return user;
  const event = pendingEvent(userPlanChanged, id, { userId: id, plan, previousPlan: user.plan ?? '' });
  return deps.users.update(id, { plan }, [event]);
}
