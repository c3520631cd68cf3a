import { forbidden, notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { userPlanChanged } from '@podz/proto';
import type { IdentityDeps } from './identity-deps';
import { fullView } from './user-views';

/** `PATCH /api/users/{id}/plan`: the user themselves (after paying) or an admin. */
export async function changePlan(deps: IdentityDeps, caller: AuthUser, id: string, plan: string) {
  if (caller.id !== id && !caller.access.includes('admin'))
    throw forbidden('You can only change your own plan');
  const user = await deps.users.findById(id);
  if (!user) throw notFound('User');
  if (user.plan === plan) return fullView(user);
  const event = pendingEvent(userPlanChanged, id, { userId: id, plan, previousPlan: user.plan ?? '' });
  const updated = await deps.users.update(id, { plan }, [event]);
  if (!updated) throw notFound('User');
  return fullView(updated);
}
