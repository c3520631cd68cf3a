import type { Bell, Preferences, Unsubscribed, UpdatePreferencesBody } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const BASE = '/api/notifications';

/** The bell: read on load and on each socket connect, kept current by pushes between (live-connection). */
export function useBell(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.bell,
    queryFn: ({ signal }) => apiFetch<Bell>(BASE, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Marks the named notifications read, or all of them without ids. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      ids
        ? apiFetch<Bell>(`${BASE}/read`, { method: 'POST', body: { ids } })
        : apiFetch<Bell>(`${BASE}/read-all`, { method: 'POST' }),
    onSuccess: (bell) => client.setQueryData(queryKeys.notifications.bell, bell),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => apiFetch<Preferences>(`${BASE}/preferences`, { signal }),
  });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) =>
      apiFetch<Preferences>(`${BASE}/preferences`, { method: 'PUT', body }),
    onSuccess: (preferences) => client.setQueryData(queryKeys.notifications.preferences, preferences),
  });
}

export const unsubscribe = (token: string) =>
  apiFetch<Unsubscribed>(`${BASE}/unsubscribe`, { method: 'POST', body: { token } });
