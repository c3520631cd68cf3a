// Following a show: its own module, so the mutation code stays out of the first load of `/`,
// whose shell and home page read shows-api.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface FollowState {
  following: boolean;
  followerCount: number;
}

export function useFollowState(podcastId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.shows.follow(podcastId ?? ''),
    enabled: Boolean(podcastId) && signedIn,
    queryFn: ({ signal }) => apiFetch<FollowState>(`/api/podcasts/${podcastId}/follow`, { signal }),
  });
}

/** Follow and unfollow are separate calls (spec §4); either answers the new state. */
export function useSetFollow(podcastId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiFetch<FollowState>(`/api/podcasts/${podcastId}/follow${follow ? '' : '?unfollow=true'}`, {
        method: 'PATCH',
      }),
    onSuccess: (state) => {
      client.setQueryData(queryKeys.shows.follow(podcastId), state);
      void client.invalidateQueries({ queryKey: queryKeys.shows.followedAll });
    },
  });
}
