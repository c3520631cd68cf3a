import { conflict, pendingEvent } from '@podz/kit';
import { PLAN_LIMITS, pricingPlanCreated, type CreatePlanBody, type PricingPlan } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { planView } from './plan-rules';

export async function createPlan(deps: ContentDeps, body: CreatePlanBody): Promise<PricingPlan> {
  // Two editors racing may end one over the cap; the reads stay bounded all the same.
  if ((await deps.plans.countLive()) >= PLAN_LIMITS.plans) {
    throw conflict(`A network offers at most ${PLAN_LIMITS.plans} plans; delete one before adding another`);
  }
  const created = await deps.plans.create(body, (id) => [
    pendingEvent(pricingPlanCreated, id, { planId: id, ...body }),
  ]);
  if (!created) throw conflict(`A plan named ${body.slug} already exists`);
  deps.logger.info({ planId: created.id, slug: body.slug }, 'plan created');
  return planView(created);
}
