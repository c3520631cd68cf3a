import type { CreatePlanBody, PricingPlan, UpdatePlanBody } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { swapped } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';

// Under the public list's key, so a change here refreshes `/pricing` in the same tab too.
/** `GET /api/pricing-plans/all` (editors, admins): every live plan, inactive ones too, in display order. */
export function useAllPlans() {
  return useQuery({
    queryKey: queryKeys.pricingPlans.everyOne,
    queryFn: ({ signal }) => apiFetch<{ items: PricingPlan[] }>('/api/pricing-plans/all', { signal }),
  });
}

function usePlanMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pricingPlans.all }),
  });
}

/** `POST /api/pricing-plans`: 409 when the slug is taken or the network has its most plans. */
export const useCreatePlan = () =>
  usePlanMutation((body: CreatePlanBody) =>
    apiFetch<PricingPlan>('/api/pricing-plans', { method: 'POST', body }),
  );

/** `PUT /api/pricing-plans/{id}`: any fields but the slug; 409 when it would retire the free plan. */
export const useUpdatePlan = () =>
  usePlanMutation(({ id, ...body }: UpdatePlanBody & { id: string }) =>
    apiFetch<PricingPlan>(`/api/pricing-plans/${id}`, { method: 'PUT', body }),
  );

/** `DELETE /api/pricing-plans/{id}`. */
export const useDeletePlan = () =>
  usePlanMutation((id: string) => apiFetch(`/api/pricing-plans/${id}`, { method: 'DELETE' }));

/**
 * Moves a plan one place up or down: the list is renumbered 0, 1, 2… in its new order and only the
 * plans whose number changed are written (two, once the numbers are distinct).
 */
export const useMovePlan = () =>
  usePlanMutation(async ({ plans, id, by }: { plans: PricingPlan[]; id: string; by: -1 | 1 }) => {
    const order = plans.map((plan) => plan.id);
    const from = order.indexOf(id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    const moved = swapped(order, from, to);
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    // One after another: each write is its own event, and a failure stops before the rest.
    for (const [index, planId] of moved.entries()) {
      if (byId.get(planId)?.order === index) continue;
      await apiFetch(`/api/pricing-plans/${planId}`, { method: 'PUT', body: { order: index } });
    }
  });
