import { z } from 'zod';
import { PLAN_CURRENCIES, planIntervalSchema } from '../content/pricing-plan-api';
import { pageSlugSchema } from '../content/page-api';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

const source = 'content';
const EDITOR = '64b7f0c2a1b2c3d4e5f6071b';

// Page events: key and subject = page slug.
export const pagePublished = defineEvent({
  type: 'podz.content.page.published',
  topic: TOPICS.contentPage,
  source,
  description:
    'An editor saved a page (home, about, advertise, contact) or restored an earlier version; caches of the page go stale.',
  data: z.object({
    slug: pageSlugSchema,
    version: z.number().int().min(1),
    title: z.string(),
    editorId: objectIdSchema,
    /** The version brought back, for a restore. */
    restoredFrom: z.number().int().min(1).nullable(),
  }),
  example: { slug: 'about' as const, version: 4, title: 'About PODZ', editorId: EDITOR, restoredFrom: null },
});

// Pricing plan events: key and subject = plan id.
const planTopic = TOPICS.contentPricingPlan;
const planState = {
  planId: objectIdSchema,
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.enum(PLAN_CURRENCIES),
  interval: planIntervalSchema,
  active: z.boolean(),
  /** Events from before premium listening existed carry no flag: those plans unlocked nothing. */
  premiumListening: z.boolean().default(false),
};
const planExample = {
  planId: '64b7f0c2a1b2c3d4e5f60730',
  slug: 'pro',
  name: 'Pro',
  price: 9.99,
  currency: 'USD' as const,
  interval: 'month' as const,
  active: true,
  premiumListening: true,
};

export const pricingPlanCreated = defineEvent({
  type: 'podz.content.pricing-plan.created',
  topic: planTopic,
  source,
  description: 'An editor added a pricing plan.',
  data: z.object(planState),
  example: planExample,
});

export const pricingPlanChanged = defineEvent({
  type: 'podz.content.pricing-plan.changed',
  topic: planTopic,
  source,
  description: "A plan's name, price, features, limits, order or active flag changed.",
  data: z.object(planState),
  example: { ...planExample, price: 12 },
});

export const pricingPlanDeleted = defineEvent({
  type: 'podz.content.pricing-plan.deleted',
  topic: planTopic,
  source,
  description: 'An editor removed a plan; users who hold it keep it until they change plans.',
  data: z.object({ planId: objectIdSchema, slug: z.string() }),
  example: { planId: planExample.planId, slug: 'pro' },
});

export const CONTENT_PAGE_EVENTS = [pagePublished];
export const CONTENT_PLAN_EVENTS = [pricingPlanCreated, pricingPlanChanged, pricingPlanDeleted];
