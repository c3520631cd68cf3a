import type { PricingPlan } from '@podz/proto';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function usePlans() {
  return useQuery({
    queryKey: ['pricing-plans'],
    queryFn: ({ signal }) => apiFetch<{ items: PricingPlan[] }>('/api/pricing-plans', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useChoosePlan(userId: string | undefined) {
  return useMutation({
    mutationFn: (plan: string) => apiFetch(`/api/users/${userId}/plan`, { method: 'PATCH', body: { plan } }),
  });
}
