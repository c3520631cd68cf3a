import { Types } from 'mongoose';
import { pricingPlanCreated, type EventData } from '@podz/proto';
import { pendingEvent, type RunningService } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import { PlanBook } from '../plan-book';

type OfferedPlan = Omit<EventData<typeof pricingPlanCreated>, 'planId'>;

/** The plans a test network offers: free, two paid ones with premium listening, and one no longer on offer. */
export const TEST_PLANS: readonly OfferedPlan[] = [
  {
    slug: 'free',
    name: 'Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    active: true,
    premiumListening: false,
  },
  {
    slug: 'pro',
    name: 'Pro',
    price: 9.99,
    currency: 'USD',
    interval: 'month',
    active: true,
    premiumListening: true,
  },
  {
    slug: 'network',
    name: 'Network',
    price: 29.99,
    currency: 'USD',
    interval: 'month',
    active: true,
    premiumListening: true,
  },
  {
    slug: 'retired',
    name: 'Retired',
    price: 4.99,
    currency: 'USD',
    interval: 'month',
    active: false,
    premiumListening: false,
  },
];

/**
 * Publishes the plans as content would (`content.pricing-plan.v1`) and waits until the service's
 * plan book holds them all: for suites that run a service that keeps one, without content.
 */
export async function offerPlans(
  service: RunningService,
  plans: readonly OfferedPlan[] = TEST_PLANS,
): Promise<void> {
  await service.context.producer.publish(
    plans.map((plan) => {
      const planId = new Types.ObjectId().toHexString();
      return pendingEvent(pricingPlanCreated, planId, { planId, ...plan });
    }),
  );
  const book = new PlanBook(service.context.db);
  await eventually('the plans to reach the plan book', async () => {
    const found = await Promise.all(plans.map((plan) => book.find(plan.slug)));
    return found.every((plan, index) => plan?.price === plans[index]!.price);
  });
}
