import { z } from 'zod';
import { lineSchema, paragraphSchema } from '../plain-text';
import { objectIdSchema } from '../ids';
import { planSchema } from '../identity/user-fields';

/**
 * A pricing plan (spec §9: names, prices and limits are PODZ's to choose). `slug` is what identity
 * stores as a user's plan (`PATCH /api/users/{id}/plan`), so it never changes once created; the
 * default plan everyone starts on (`free`) cannot be deleted or deactivated.
 */
export const PLAN_INTERVALS = ['month', 'year'] as const;
export const planIntervalSchema = z.enum(PLAN_INTERVALS, { error: 'interval must be month or year' });

/** ISO 4217 codes PayPal takes for subscriptions that PODZ offers. */
export const PLAN_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;

export const PLAN_LIMITS = {
  /** Live plans, active or not: a pricing page is a handful of cards, and every read lists them all. */
  plans: 20,
  features: 12,
  feature: 160,
  name: 60,
  description: 300,
  priceMax: 100_000,
} as const;

/** `null` means unlimited. */
const limitValue = z.number({ error: 'limits must be numbers or null' }).int().min(0).nullable();
export const planQuotaSchema = z.strictObject({
  /** Shows the subscriber may own. */
  shows: limitValue,
  /** Episodes per show. */
  episodesPerShow: limitValue,
  /** Audio and images, in megabytes. */
  storageMb: limitValue,
});

export const pricingPlanSchema = z.object({
  id: objectIdSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** In the currency's major unit, at most two decimals (9.99). */
  price: z.number(),
  currency: z.enum(PLAN_CURRENCIES),
  interval: planIntervalSchema,
  features: z.array(z.string()),
  limits: planQuotaSchema,
  order: z.number().int(),
  active: z.boolean(),
  /** Members on it may hear the premium episodes of shows that name it (docs/payments.md, Premium). */
  premiumListening: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;
export const pricingPlanListSchema = z.object({ items: z.array(pricingPlanSchema) });

const planFields = {
  name: lineSchema('name', { max: PLAN_LIMITS.name }),
  description: paragraphSchema('description', { max: PLAN_LIMITS.description }),
  price: z
    .number({ error: 'price must be a number' })
    .min(0, { error: 'price cannot be negative' })
    .max(PLAN_LIMITS.priceMax, { error: `price is at most ${PLAN_LIMITS.priceMax}` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'price has at most two decimals',
    }),
  currency: z.enum(PLAN_CURRENCIES, { error: `currency must be one of: ${PLAN_CURRENCIES.join(', ')}` }),
  interval: planIntervalSchema,
  features: z
    .array(lineSchema('a feature', { max: PLAN_LIMITS.feature }))
    .max(PLAN_LIMITS.features, { error: `at most ${PLAN_LIMITS.features} features` }),
  limits: planQuotaSchema,
  order: z.number({ error: 'order must be a number' }).int().min(0).max(1000),
  active: z.boolean({ error: 'active must be true or false' }),
  premiumListening: z.boolean({ error: 'premiumListening must be true or false' }),
};

/** `POST /api/pricing-plans` (editors, admins): 201 with the plan; 409 when the slug is taken. */
export const createPlanBodySchema = z.strictObject({
  slug: planSchema,
  ...planFields,
  description: planFields.description.default(''),
  currency: planFields.currency.default('USD'),
  interval: planIntervalSchema.default('month'),
  features: planFields.features.default([]),
  limits: planQuotaSchema.default({ shows: null, episodesPerShow: null, storageMb: null }),
  order: planFields.order.default(0),
  active: planFields.active.default(true),
  premiumListening: planFields.premiumListening.default(false),
});
export type CreatePlanBody = z.infer<typeof createPlanBodySchema>;

/** `PUT /api/pricing-plans/{id}` (editors, admins): any fields but the slug. */
export const updatePlanBodySchema = z
  .strictObject({
    name: planFields.name.optional(),
    description: planFields.description.optional(),
    price: planFields.price.optional(),
    currency: planFields.currency.optional(),
    interval: planFields.interval.optional(),
    features: planFields.features.optional(),
    limits: planFields.limits.optional(),
    order: planFields.order.optional(),
    active: planFields.active.optional(),
    premiumListening: planFields.premiumListening.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'nothing to change' });
export type UpdatePlanBody = z.infer<typeof updatePlanBodySchema>;
