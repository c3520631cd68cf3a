import { EPISODES_PAGE_SIZE, type Episode, type Paginated, type Podcast } from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, showsChanged } from '../../../lib/query-keys';

export type HostInvitation = Podcast & { confirmed: boolean };

/** Shows that invited the user as a host, confirmed or not (Host Requests). */
export function useHostInvitations(page: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.hosting.invitations(page),
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<Paginated<HostInvitation>>(`/api/podcasts/host-podcasts?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ podcastId, status }: { podcastId: string; status: 'confirmed' | 'declined' }) =>
      apiFetch('/api/podcasts/host-podcasts', { method: 'PUT', body: { podcastId, status } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.hosting.all });
      void showsChanged(client);
    },
  });
}

/** Episodes the user appears in as a guest (Guest PODZ). */
export function useGuestEpisodes(userId: string | undefined, page: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.hosting.guestEpisodes(userId ?? '', page),
    enabled: enabled && Boolean(userId),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Episode>>(
        `/api/episodes/public/guest-podcasts?userId=${userId}&page=${page}&limit=${EPISODES_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
