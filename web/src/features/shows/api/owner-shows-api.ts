import type {
  AdBreaksBody,
  Chapter,
  Episode,
  MediaItem,
  Paginated,
  Podcast,
  UpcomingReleases,
} from '@podz/proto';
import { PODCAST_EPISODES_PAGE_SIZE } from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { audioUploadId } from '../../../lib/media-paths';
import { episodesChanged, queryKeys } from '../../../lib/query-keys';

/** Everything the public pages cached about shows may be stale after an owner's change. */
function useRefreshShows() {
  const client = useQueryClient();
  return () => void episodesChanged(client);
}

export function useMyShows(page: number) {
  return useQuery({
    queryKey: queryKeys.myShows.page(page),
    queryFn: ({ signal }) => apiFetch<Paginated<Podcast>>(`/api/podcasts?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What goes live next across the caller's shows (kept fresh as releases go out). */
export function useUpcomingReleases() {
  return useQuery({
    queryKey: queryKeys.myShows.upcoming,
    queryFn: ({ signal }) => apiFetch<UpcomingReleases>('/api/episodes/upcoming', { signal }),
    refetchInterval: 60_000,
  });
}

export type ShowInput = Record<string, unknown>;

export function useSaveShow() {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id?: string; body: ShowInput; idempotencyKey?: string }) =>
      id
        ? apiFetch<Podcast>(`/api/podcasts/${id}`, { method: 'PUT', body })
        : apiFetch<Podcast>('/api/podcasts', { method: 'POST', body, idempotencyKey }),
    onSuccess: refresh,
  });
}

/** `POST /api/podcasts/rss-link`: the whole feed is read before anything is written. */
export function useImportFeed() {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: (body: { url: string; category?: string }) =>
      apiFetch<{ podcast: Podcast; episodesImported: number }>('/api/podcasts/rss-link', {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteShow() {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/podcasts/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** A show's episodes as its owner sees them: drafts and scheduled ones included. */
export function useManagedEpisodes(podcastId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.myShows.episodes(podcastId, page),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Episode>>(
        `/api/episodes/podcast-episodes?podcastId=${podcastId}&page=${page}&limit=${PODCAST_EPISODES_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSaveEpisode() {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: ({
      id,
      body,
      idempotencyKey,
    }: {
      id?: string;
      body: Record<string, unknown>;
      idempotencyKey?: string;
    }) =>
      id
        ? apiFetch<Episode>(`/api/episodes/${id}`, { method: 'PUT', body })
        : apiFetch<Episode>('/api/episodes', { method: 'POST', body, idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useDeleteEpisode() {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/episodes/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export type TranscriptChange = { file: File } | { text: string } | 'remove';

/** `POST` (a file), `PUT` (the editor's text) or `DELETE /api/episodes/{id}/transcript`. */
export function useSaveTranscript(episodeId: string) {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: ({ change, language }: { change: TranscriptChange; language?: string }) => {
      const path = `/api/episodes/${episodeId}/transcript${language ? `?language=${encodeURIComponent(language)}` : ''}`;
      if (change === 'remove') return apiFetch<Episode>(path, { method: 'DELETE' });
      return 'file' in change
        ? apiFetch<Episode>(path, { method: 'POST', file: change.file })
        : apiFetch<Episode>(path, { method: 'PUT', text: { body: change.text, type: 'text/vtt' } });
    },
    onSuccess: refresh,
  });
}

/** `PUT /api/episodes/{id}/chapters`: the whole list. */
export function useSaveChapters(episodeId: string) {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: (body: { chapters: Chapter[]; source: 'file' | 'editor' }) =>
      apiFetch<Episode>(`/api/episodes/${episodeId}/chapters`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/**
 * `GET /api/media/{id}`: the processing of an episode's current audio, when it is an upload the
 * caller may see (their own, or any for admins); undefined otherwise.
 */
export function useAudioProcessing(audioUrl: string | undefined) {
  const id = audioUrl ? audioUploadId(audioUrl) : undefined;
  return useQuery({
    queryKey: queryKeys.media.one(id ?? ''),
    enabled: id !== undefined,
    retry: false,
    queryFn: ({ signal }) => apiFetch<MediaItem>(`/api/media/${id}`, { signal }),
    select: (item) => (item.audio ? { id: item.id, processing: item.audio.processing } : undefined),
  });
}

/** `PUT /api/episodes/{id}/ad-breaks`: the episode's breaks, or null for the network's rule. */
export function useSaveAdBreaks(episodeId: string) {
  const refresh = useRefreshShows();
  return useMutation({
    mutationFn: (body: AdBreaksBody) =>
      apiFetch<Episode>(`/api/episodes/${episodeId}/ad-breaks`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** The silences the pipeline found in an episode's upload (break candidates); none until it has. */
export function useSilences(audioUrl: string) {
  const id = audioUploadId(audioUrl);
  return useQuery({
    queryKey: queryKeys.media.one(id ?? ''),
    enabled: id !== undefined,
    retry: false,
    queryFn: ({ signal }) => apiFetch<MediaItem>(`/api/media/${id}`, { signal }),
    select: (item) => item.audio?.silences ?? [],
  });
}
