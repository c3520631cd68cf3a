import {
  EPISODES_PAGE_SIZE,
  SHOWS_MENU_LIMIT,
  type Episode,
  type EpisodesByIds,
  type Paginated,
  type Podcast,
  type UserRef,
} from '@podz/proto';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { fetchPlaces } from '../../../lib/places-api';
import { queryKeys } from '../../../lib/query-keys';

/** A URL query string of these parameters, leaving out the empty ones. */
export const query = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();

export interface ShowListParams {
  page?: number;
  limit?: number;
  category?: string;
  featured?: boolean;
  /** A name prefix. */
  search?: string;
}

export function useShows(params: ShowListParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.shows.list(params),
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Podcast>>(`/api/podcasts/all-podcasts?${query({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The top navigation's Shows menu: up to 5 shows, featured ones first. */
export function useMenuShows() {
  return useShows({ limit: SHOWS_MENU_LIMIT, featured: true });
}

/**
 * The home page's featured shows as the editors chose them (page content `featuredShows`): the
 * shows admins flagged, a hand-picked list in its order, or the network's shows. The picked ones
 * load in parallel; one that was deleted since is left out.
 */
export function useFeaturedShows(
  choice: { mode: string; podcastIds: string[] } | null | undefined,
  limit: number,
) {
  const picked = choice?.mode === 'picked' ? choice.podcastIds.slice(0, limit) : [];
  const list = useShows(
    { limit, featured: choice?.mode === 'latest' ? undefined : true },
    picked.length === 0,
  );
  const singles = useQueries({
    queries: picked.map((id) => ({
      queryKey: queryKeys.shows.byId(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Podcast>(`/api/podcasts/${id}`, { signal }),
    })),
  });
  if (picked.length === 0)
    return {
      isPending: list.isPending,
      isError: list.isError,
      error: list.error,
      refetch: list.refetch,
      shows: list.data?.items ?? [],
    };
  return {
    isPending: singles.some((query) => query.isPending),
    isError: singles.every((query) => query.isError),
    error: singles.find((query) => query.error)?.error ?? null,
    refetch: () => Promise.all(singles.map((query) => query.refetch())),
    shows: singles.flatMap((query) => (query.data ? [query.data] : [])),
  };
}

export function useLatestEpisodes(limit = EPISODES_PAGE_SIZE) {
  return useQuery({
    queryKey: queryKeys.episodes.latest(limit),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Episode>>(`/api/episodes?${query({ page: 1, limit })}`, { signal }),
  });
}

export function useEpisode(id: string) {
  return useQuery({
    queryKey: queryKeys.episodes.one(id),
    queryFn: ({ signal }) => apiFetch<Episode>(`/api/episodes/${encodeURIComponent(id)}`, { signal }),
  });
}

export function usePreviousEpisodes(id: string, limit = 5) {
  return useQuery({
    queryKey: queryKeys.episodes.previous(id, limit),
    queryFn: ({ signal }) =>
      apiFetch<Episode[]>(`/api/episodes/${encodeURIComponent(id)}/prevEpisodes?limit=${limit}`, { signal }),
  });
}

export function useEpisodeGuests(id: string) {
  return useQuery({
    queryKey: queryKeys.episodes.guests(id),
    queryFn: ({ signal }) =>
      apiFetch<UserRef[]>(`/api/episodes/${encodeURIComponent(id)}/guests`, { signal }),
  });
}

/** My FAVZ: the shows the user follows. */
export function useFollowedShows(page: number) {
  return useQuery({
    queryKey: queryKeys.shows.followed(page),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Podcast>>(`/api/podcasts/followed?${query({ page })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A person's published shows: those they run (`owner`) or host, confirmed (`host`). */
export function usePersonShows(userId: string | undefined, role: 'owner' | 'host', page: number) {
  return useQuery({
    queryKey: queryKeys.shows.ofPerson(userId ?? '', role, page),
    enabled: Boolean(userId),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Podcast>>(
        `/api/podcasts/public${role === 'host' ? '/host-podcasts' : ''}?${query({ userId, page, limit: 6 })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The newest public episodes of the shows the member follows (`GET /api/episodes/followed`). */
export function useFollowedEpisodes() {
  return useQuery({
    queryKey: queryKeys.episodes.followed,
    queryFn: ({ signal }) => apiFetch<EpisodesByIds>('/api/episodes/followed', { signal }),
  });
}

/** Which of these episodes the member has heard to the end. */
export function usePlayedEpisodes(episodeIds: string[]) {
  return useQuery({
    queryKey: queryKeys.listening.places(episodeIds),
    queryFn: async ({ signal }) =>
      new Set(
        (await fetchPlaces(episodeIds, signal))
          .filter((place) => place.played)
          .map((place) => place.episodeId),
      ),
    enabled: episodeIds.length > 0,
  });
}
