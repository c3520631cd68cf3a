import type { PricingPlan } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The plans on offer, in display order: the pricing page, the premium settings of a show and the
 * locked teasers of premium episodes all read them, from one cached answer.
 */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.pricingPlans.all,
    queryFn: ({ signal }) => apiFetch<{ items: PricingPlan[] }>('/api/pricing-plans', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Plans named by slug, as people read them: "Pro or Network" (slugs until the plans load). */
export function usePlanNames(slugs: readonly string[]): string {
  const plans = usePlans();
  const names = slugs.map((slug) => plans.data?.items.find((plan) => plan.slug === slug)?.name ?? slug);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
