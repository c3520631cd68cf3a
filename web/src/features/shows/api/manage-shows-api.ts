import type { Paginated, Podcast, PodcastStatus } from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, showsChanged } from '../../../lib/query-keys';

/** The console pages by 10 (issue: consoles page by 10). */
export const MANAGED_SHOWS_PAGE_SIZE = 10;

export interface ManagedShowFilter {
  status?: PodcastStatus;
  category?: string;
  search?: string;
  ownerId?: string;
  page: number;
}

/** `POST /api/podcasts/all-podcasts` (admins): every show in any status, filtered. */
export function useManagedShows(filter: ManagedShowFilter) {
  return useQuery({
    queryKey: queryKeys.shows.managed(filter),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(filter.page),
        limit: String(MANAGED_SHOWS_PAGE_SIZE),
      });
      for (const name of ['status', 'category', 'search', 'ownerId'] as const) {
        const value = filter[name];
        if (value) params.set(name, value);
      }
      return apiFetch<Paginated<Podcast>>(`/api/podcasts/all-podcasts?${params}`, { method: 'POST', signal });
    },
  });
}

/** Every cached read of shows (menus, home, lists, this console) may have changed. */
function useShowsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => showsChanged(client),
  });
}

export type ShowChanges = Partial<Pick<Podcast, 'name' | 'category' | 'status' | 'featured'>>;

/** `PUT /api/podcasts/{id}`: an admin may change any field, `featured` included. */
export const useUpdateShow = () =>
  useShowsMutation(({ id, ...body }: ShowChanges & { id: string }) =>
    apiFetch<Podcast>(`/api/podcasts/${id}`, { method: 'PUT', body }),
  );

export const useRemoveShow = () =>
  useShowsMutation((id: string) => apiFetch(`/api/podcasts/${id}`, { method: 'DELETE' }));
