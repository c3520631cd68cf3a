import { conflict } from '@podz/kit';
import { DEFAULT_PLAN, type PricingPlan } from '@podz/proto';
import type { PlanRecord } from '../data/plan-model';

export function planView(record: PlanRecord): PricingPlan {
  const id = record.id;
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
    premiumListening: record.premiumListening ?? false,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** The plan every user starts on must stay available. */
export function guardDefault(plan: PlanRecord, deactivating: boolean) {
  if (plan.slug === DEFAULT_PLAN && deactivating) {
    throw conflict(
      `The ${DEFAULT_PLAN} plan is where every new user starts; it cannot be deactivated or deleted`,
    );
  }
}
