import type { FullUser, UpdateUserBody } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => apiFetch<FullUser>('/api/user', { signal }),
  });
}

export function useUpdateMe(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) =>
      apiFetch<FullUser>(`/api/users/${userId}`, { method: 'PATCH', body }),
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
}

export function useDeleteMe(userId: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch(`/api/users/${userId}`, { method: 'DELETE', body: { password } }),
  });
}
