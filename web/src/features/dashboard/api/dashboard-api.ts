import { PODCAST_STATUSES, type DailyStats, type UserType } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The network at a glance: every figure is a count a list keeps, so each read is keyed. */
export interface NetworkFigures {
  users: Record<'all' | Exclude<UserType, 'crew'>, number>;
  shows: Record<(typeof PODCAST_STATUSES)[number], number>;
  episodesPublished: number;
  pendingRequests: number;
  newSubmissions: number;
}

const USER_TYPES_SHOWN = ['admin', 'editor', 'user', 'owner', 'host', 'guest'] as const;

const total = async (path: string, signal: AbortSignal, method: 'GET' | 'POST' = 'GET') =>
  (await apiFetch<{ total: number }>(path, { method, signal })).total;
const userCount = async (signal: AbortSignal, type?: string) =>
  (
    await apiFetch<{ userCount: number }>(`/api/users/user-count${type ? `?userType=${type}` : ''}`, {
      signal,
    })
  ).userCount;

/** Reads every figure in parallel (about a dozen small calls, each answered from a kept list). */
export function useNetworkFigures() {
  return useQuery({
    queryKey: queryKeys.dashboard.figures,
    refetchInterval: 60_000,
    queryFn: async ({ signal }): Promise<NetworkFigures> => {
      const [all, byType, shows, episodesPublished, pendingRequests, newSubmissions] = await Promise.all([
        userCount(signal),
        Promise.all(USER_TYPES_SHOWN.map((type) => userCount(signal, type))),
        Promise.all(
          PODCAST_STATUSES.map((status) =>
            total(`/api/podcasts/all-podcasts?status=${status}&limit=1`, signal, 'POST'),
          ),
        ),
        total('/api/episodes?limit=1', signal),
        total('/api/requests?status=pending&limit=1', signal),
        total('/api/content/forms?status=new&limit=1', signal),
      ]);
      return {
        users: {
          all,
          ...Object.fromEntries(USER_TYPES_SHOWN.map((type, index) => [type, byType[index] ?? 0])),
        } as NetworkFigures['users'],
        shows: Object.fromEntries(
          PODCAST_STATUSES.map((status, index) => [status, shows[index] ?? 0]),
        ) as NetworkFigures['shows'],
        episodesPublished,
        pendingRequests,
        newSubmissions,
      };
    },
  });
}

/** `GET /api/stats/daily` (admins): the last 30 days of sign-ups, episodes, follows and messages. */
export function useDailyStats(days = 30) {
  return useQuery({
    queryKey: queryKeys.dashboard.daily(days),
    refetchInterval: 60_000,
    queryFn: ({ signal }) => apiFetch<DailyStats>(`/api/stats/daily?days=${days}`, { signal }),
  });
}
