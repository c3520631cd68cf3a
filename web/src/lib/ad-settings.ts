import type { AdSettings } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /api/ads/settings`: the network's insertion default and its rule for breaks (signed in). */
export function useAdSettings() {
  return useQuery({
    queryKey: queryKeys.ads.settings,
    queryFn: ({ signal }) => apiFetch<AdSettings>('/api/ads/settings', { signal }),
  });
}
