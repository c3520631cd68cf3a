import type { AccessRequest, RequestRole } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiFailure, apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's latest request for a role, or null when there is none (the API answers 404). */
export function useMyRequest(role: RequestRole, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.requests.mine(role),
    enabled: options.enabled ?? true,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<AccessRequest>(`/api/requests/single-request?role=${role}`, { signal });
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useAskForAccess(role: RequestRole) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiFetch<AccessRequest>('/api/requests/single-request', { method: 'POST', body: { role, message } }),
    onSuccess: (request) => client.setQueryData(queryKeys.requests.mine(role), request),
  });
}

export function useWithdrawRequest(role: RequestRole) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/requests/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.setQueryData(queryKeys.requests.mine(role), null),
  });
}
