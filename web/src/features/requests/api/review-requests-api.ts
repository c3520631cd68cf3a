import type { AccessRequest, Paginated, RequestRole, RequestStatus, ReviewRequestBody } from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The admins' console reads pages of 10 (issue: consoles page by 10). */
export const REVIEW_PAGE_SIZE = 10;

export interface RequestFilter {
  status?: RequestStatus;
  role?: RequestRole;
  page: number;
}

/** `GET /api/requests` (admin): one page of the filter, newest first. */
export function useRequestPage(filter: RequestFilter) {
  return useQuery({
    queryKey: queryKeys.requests.review(filter),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter.page), limit: String(REVIEW_PAGE_SIZE) });
      if (filter.status) params.set('status', filter.status);
      if (filter.role) params.set('role', filter.role);
      return apiFetch<Paginated<AccessRequest>>(`/api/requests?${params}`, { signal });
    },
  });
}

/** `PUT /api/requests/{id}`: approve or reject a pending request, with a note for the requester. */
export function useReviewRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewRequestBody & { id: string }) =>
      apiFetch<AccessRequest>(`/api/requests/${id}`, { method: 'PUT', body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.requests.reviewAll }),
  });
}

/** `DELETE /api/requests/{id}`: an admin removes a request. */
export function useRemoveRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/requests/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.requests.reviewAll }),
  });
}
