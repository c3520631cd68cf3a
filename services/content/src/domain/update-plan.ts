import { notFound, pendingEvent } from '@podz/kit';
import { pricingPlanChanged, type PricingPlan, type UpdatePlanBody } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { planView, guardDefault } from './plan-rules';

const planState = (plan: PricingPlan) => ({
  planId: plan.id,
  slug: plan.slug,
  name: plan.name,
  price: plan.price,
  currency: plan.currency,
  interval: plan.interval,
  active: plan.active,
  premiumListening: plan.premiumListening,
});

export async function updatePlan(deps: ContentDeps, id: string, body: UpdatePlanBody): Promise<PricingPlan> {
  const plan = await deps.plans.findById(id);
  if (!plan) throw notFound('Plan');
  guardDefault(plan, body.active === false);
  const next = { ...planView(plan), ...body };
  const updated = await deps.plans.update(id, body, [pendingEvent(pricingPlanChanged, id, planState(next))]);
  if (!updated) throw notFound('Plan');
  return planView(updated);
}
