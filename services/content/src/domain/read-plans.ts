import type { ContentDeps } from './content-deps';
import { planView } from './plan-rules';

/** `GET /api/pricing-plans` (anyone): the active plans in display order. */
export async function activePlans(deps: ContentDeps) {
  return { items: (await deps.plans.list(true)).map(planView) };
}

/** `GET /api/pricing-plans/all` (editors, admins): inactive ones too. */
export async function allPlans(deps: ContentDeps) {
  return { items: (await deps.plans.list(false)).map(planView) };
}
