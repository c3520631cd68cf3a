import type { PremiumAccess, PremiumMembers, PrivateFeed, PrivateFeedList } from '@podz/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * Premium listening's query keys. Kept here rather than in lib/query-keys: nothing outside this
 * feature reads or invalidates them, and the shared file is in the first load of every page.
 */
const premiumKeys = {
  all: ['premium'] as const,
  access: (podcastId: string) => ['premium', 'access', podcastId] as const,
  feedsOf: (userId?: string) => ['premium', 'feeds', userId ?? 'mine'] as const,
  members: (podcastId: string) => ['premium', 'members', podcastId] as const,
};

/** What the signed-in caller may hear of a show, and their private feed of it. */
export function usePremiumAccess(podcastId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: premiumKeys.access(podcastId ?? ''),
    enabled: Boolean(podcastId) && signedIn,
    queryFn: ({ signal }) => apiFetch<PremiumAccess>(`/api/podcasts/${podcastId}/premium`, { signal }),
  });
}

/** The caller's private feeds, one per premium show (`/settings`); an admin names a member (`/users`). */
export function usePrivateFeeds(userId?: string) {
  return useQuery({
    queryKey: premiumKeys.feedsOf(userId),
    queryFn: ({ signal }) =>
      apiFetch<PrivateFeedList>(`/api/private-feeds${userId ? `?userId=${userId}` : ''}`, { signal }),
  });
}

/** A show's premium members and its feeds flagged as shared (its team, admins). */
export function usePremiumMembers(podcastId: string) {
  return useQuery({
    queryKey: premiumKeys.members(podcastId),
    queryFn: ({ signal }) =>
      apiFetch<PremiumMembers>(`/api/podcasts/${podcastId}/premium-members`, { signal }),
  });
}

/** The team's hand on a shared feed: suspend it, lift the suspension, or give its member a new link. */
export function useTeamFeedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feedId, action }: { feedId: string; action: 'suspend' | 'restore' | 'reset' }) =>
      action === 'reset'
        ? apiFetch(`/api/private-feeds/${feedId}/reset`, { method: 'POST' })
        : apiFetch(`/api/private-feeds/${feedId}`, {
            method: 'PATCH',
            body: { suspended: action === 'suspend' },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: premiumKeys.all }),
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
    onSuccess: () => client.invalidateQueries({ queryKey: premiumKeys.all }),
  });
}
