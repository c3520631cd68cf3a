import { notFound, pendingEvent } from '@podz/kit';
import { pricingPlanDeleted } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { guardDefault } from './plan-rules';

export async function deletePlan(deps: ContentDeps, id: string): Promise<void> {
  const plan = await deps.plans.findById(id);
  if (!plan) throw notFound('Plan');
  guardDefault(plan, true);
  const deleted = await deps.plans.markDeleted(id, [
    pendingEvent(pricingPlanDeleted, id, { planId: id, slug: plan.slug }),
  ]);
  if (!deleted) throw notFound('Plan');
  deps.logger.info({ planId: id, slug: plan.slug }, 'plan deleted');
}
