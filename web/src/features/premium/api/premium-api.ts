import type { PremiumAccess, PrivateFeed } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the signed-in caller may hear of a show, and their private feed of it. */
export function usePremiumAccess(podcastId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.premium.access(podcastId ?? ''),
    enabled: Boolean(podcastId) && signedIn,
    queryFn: ({ signal }) => apiFetch<PremiumAccess>(`/api/podcasts/${podcastId}/premium`, { signal }),
  });
}

/** The caller's private feeds, one per premium show (`/settings`). */
export function useMyPrivateFeeds() {
  return useQuery({
    queryKey: queryKeys.premium.feeds,
    queryFn: ({ signal }) =>
      apiFetch<{ items: (PrivateFeed & { show: { uId: string; name: string } })[] }>('/api/private-feeds', {
        signal,
      }),
  });
}

/** Open the caller's feed of a show (`reset: false`) or give it a new link (`reset: true`). */
export function usePrivateFeedLink(podcastId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reset: boolean) =>
      apiFetch<PrivateFeed>(`/api/podcasts/${podcastId}/private-feed${reset ? '/reset' : ''}`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.premium.all }),
  });
}
