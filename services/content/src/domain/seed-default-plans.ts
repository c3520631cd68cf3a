import { pendingEvent } from '@podz/kit';
import { pricingPlanCreated } from '@podz/proto';
import type { ContentDeps } from './content-deps';
import { DEFAULT_PLANS } from './default-plans';

/** A new network gets the default plans once; a second instance starting alongside loses the race harmlessly. */
export async function seedDefaultPlans(deps: ContentDeps): Promise<void> {
  if (!(await deps.plans.isEmpty())) return;
  for (const plan of DEFAULT_PLANS) {
    await deps.plans.create(plan, (id) => [pendingEvent(pricingPlanCreated, id, { planId: id, ...plan })]);
  }
  deps.logger.info({ plans: DEFAULT_PLANS.length }, 'default pricing plans seeded');
}
