import type { BillingConfig, CreatedOrder, Payment, PaymentList, SubscriptionAnswer } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export { usePlans } from '../../../lib/pricing-plans';

/** Whether card payments work on this network, and the client id PayPal's script is loaded with. */
export function useBillingConfig() {
  return useQuery({
    queryKey: queryKeys.billing.config,
    queryFn: ({ signal }) => apiFetch<BillingConfig>('/api/billing/config', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A free plan needs no payment: the member moves themselves. */
export function useChooseFreePlan(userId: string | undefined) {
  return useMutation({
    mutationFn: (plan: string) => apiFetch(`/api/users/${userId}/plan`, { method: 'PATCH', body: { plan } }),
  });
}

/** PayPal's `createOrder`: PODZ makes the order, at the plan's price, and names it. */
export async function createOrder(plan: string): Promise<string> {
  return (await apiFetch<CreatedOrder>('/api/billing/orders', { method: 'POST', body: { plan } })).orderId;
}

/** PayPal's `onApprove`: PODZ captures the approved order and checks what was taken. */
export function captureOrder(orderId: string): Promise<Payment> {
  return apiFetch<Payment>(`/api/billing/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}

/** The caller's payments, newest first; an admin names the user. */
export function usePayments(userId?: string) {
  return useQuery({
    queryKey: queryKeys.billing.payments(userId),
    queryFn: ({ signal }) =>
      apiFetch<PaymentList>(`/api/billing/payments${userId ? `?userId=${userId}` : ''}`, { signal }),
  });
}

const subscriptionPath = (userId?: string) => `/api/billing/subscription${userId ? `?userId=${userId}` : ''}`;

/** The caller's subscription (an admin names the user); `subscription` is null when there is none. */
export function useSubscription(userId?: string) {
  return useQuery({
    queryKey: queryKeys.billing.subscription(userId),
    queryFn: ({ signal }) => apiFetch<SubscriptionAnswer>(subscriptionPath(userId), { signal }),
    // A payment a moment old may not have started its subscription yet: look again, a few times.
    refetchInterval: (query) =>
      query.state.data?.subscription === null && query.state.dataUpdateCount < 8 ? 1500 : false,
  });
}

/** Stops renewing; the plan stays to the end of the period paid for. */
export function useCancelRenewal(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SubscriptionAnswer>(subscriptionPath(userId), { method: 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.billing.subscription(userId), answer),
  });
}
