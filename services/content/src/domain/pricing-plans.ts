import { conflict, notFound, pendingEvent } from '@podz/kit';
import {
  DEFAULT_PLAN,
  PLAN_LIMITS,
  pricingPlanChanged,
  pricingPlanCreated,
  pricingPlanDeleted,
  type CreatePlanBody,
  type PricingPlan,
  type UpdatePlanBody,
} from '@podz/proto';
import type { PlanRecord } from '../data/plan-model';
import type { ContentDeps } from './content-deps';
import { DEFAULT_PLANS } from './default-plans';

function planView(record: PlanRecord): PricingPlan {
  const id = record._id.toHexString();
  return {
    id,
    slug: record.slug,
    name: record.name,
    description: record.description ?? '',
    price: record.price,
    currency: record.currency as PricingPlan['currency'],
    interval: record.interval as PricingPlan['interval'],
    features: record.features,
    limits: {
      shows: record.limits?.shows ?? null,
      episodesPerShow: record.limits?.episodesPerShow ?? null,
      storageMb: record.limits?.storageMb ?? null,
    },
    order: record.order ?? 0,
    active: record.active ?? true,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

const planState = (plan: PricingPlan) => ({
  planId: plan.id,
  slug: plan.slug,
  name: plan.name,
  price: plan.price,
  currency: plan.currency,
  interval: plan.interval,
  active: plan.active,
});

/** `GET /api/pricing-plans` (anyone): the active plans in display order. */
export async function activePlans(deps: ContentDeps) {
  return { items: (await deps.plans.list(true)).map(planView) };
}

/** `GET /api/pricing-plans/all` (editors, admins): inactive ones too. */
export async function allPlans(deps: ContentDeps) {
  return { items: (await deps.plans.list(false)).map(planView) };
}

export async function createPlan(deps: ContentDeps, body: CreatePlanBody): Promise<PricingPlan> {
  // Two editors racing may end one over the cap; the reads stay bounded all the same.
  if ((await deps.plans.countLive()) >= PLAN_LIMITS.plans) {
    throw conflict(`A network offers at most ${PLAN_LIMITS.plans} plans; delete one before adding another`);
  }
  const created = await deps.plans.create(body, (id) => [
    pendingEvent(pricingPlanCreated, id, { planId: id, ...body }),
  ]);
  if (!created) throw conflict(`A plan named ${body.slug} already exists`);
  deps.logger.info({ planId: created._id.toHexString(), slug: body.slug }, 'plan created');
  return planView(created);
}

/** The plan every user starts on must stay available. */
function guardDefault(plan: PlanRecord, deactivating: boolean) {
  if (plan.slug === DEFAULT_PLAN && deactivating) {
    throw conflict(
      `The ${DEFAULT_PLAN} plan is where every new user starts; it cannot be deactivated or deleted`,
    );
  }
}

export async function updatePlan(deps: ContentDeps, id: string, body: UpdatePlanBody): Promise<PricingPlan> {
  const plan = await deps.plans.findById(id);
  if (!plan) throw notFound('Plan');
  guardDefault(plan, body.active === false);
  const next = { ...planView(plan), ...body };
  const updated = await deps.plans.update(id, body, [pendingEvent(pricingPlanChanged, id, planState(next))]);
  if (!updated) throw notFound('Plan');
  return planView(updated);
}

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

/** A new network gets the default plans once; a second instance starting alongside loses the race harmlessly. */
export async function seedDefaultPlans(deps: ContentDeps): Promise<void> {
  if (!(await deps.plans.isEmpty())) return;
  for (const plan of DEFAULT_PLANS) {
    await deps.plans.create(plan, (id) => [pendingEvent(pricingPlanCreated, id, { planId: id, ...plan })]);
  }
  deps.logger.info({ plans: DEFAULT_PLANS.length }, 'default pricing plans seeded');
}
