import type { MediaItem, MediaStorage, Paginated } from '@podz/proto';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, showsChanged } from '../../../lib/query-keys';

export type MediaKindFilter = 'audio' | 'image' | undefined;

/** `GET /api/media`: the caller's uploads (everyone's for admins), newest first, or by name when searching. */
export function useMediaPage(kind: MediaKindFilter, page: number, limit: number, search = '') {
  return useQuery({
    queryKey: queryKeys.media.page(kind, search, page, limit),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(limit) });
      if (kind) params.set('kind', kind);
      if (search) params.set('search', search);
      return apiFetch<Paginated<MediaItem>>(`/api/media?${params}`, { signal });
    },
  });
}

/** `GET /api/media/storage`: what the uploaders' files take (an owner asks about themselves). */
export function useStorage(userIds: string[]) {
  return useQueries({
    queries: [...new Set(userIds)].map((userId) => ({
      queryKey: queryKeys.media.storage(userId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<MediaStorage>(`/api/media/storage?userId=${userId}`, { signal }),
    })),
    combine: (results) =>
      new Map(results.flatMap((result) => (result.data ? [[result.data.userId, result.data]] : []))),
  });
}

/** The library is read again after an upload elsewhere on the page. */
export function useRefreshMedia() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.media.all });
}

/** `DELETE /api/media/{id}`: 409 naming where the file is used. */
export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/media/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.media.all }),
  });
}

/** `PUT /api/podcasts/{id}` with `logoId`: an image becomes a show's cover. */
export function useSetCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ podcastId, logoId }: { podcastId: string; logoId: string }) =>
      apiFetch(`/api/podcasts/${podcastId}`, { method: 'PUT', body: { logoId } }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.media.all }), showsChanged(client)]);
    },
  });
}
