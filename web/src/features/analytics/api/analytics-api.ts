import type {
  AnalyticsInterval,
  NetworkAnalytics,
  NetworkAudience,
  ShowAnalytics,
  ShowEpisodesAnalytics,
  ShowPlays,
  ShowStatement,
} from '@podz/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A range of UTC days as the API takes it. */
export interface FigureRange {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

/** New listens show within seconds: the figures are read again every few seconds while on screen. */
const LIVE_MS = 5000;

export const rangeQuery = (range: FigureRange) =>
  new URLSearchParams({ from: range.from, to: range.to, interval: range.interval }).toString();

/** A show's figures; `premium`: only its premium audio heard by members. */
export function useShowAnalytics(showId: string, range: FigureRange, premium = false) {
  return useQuery({
    queryKey: queryKeys.analytics.show(showId, { ...range, premium }),
    refetchInterval: LIVE_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<ShowAnalytics>(
        `/api/analytics/shows/${showId}?${rangeQuery(range)}${premium ? '&premium=true' : ''}`,
        { signal },
      ),
  });
}

export function useShowEpisodesAnalytics(showId: string) {
  return useQuery({
    queryKey: queryKeys.analytics.episodes(showId),
    refetchInterval: LIVE_MS,
    queryFn: ({ signal }) =>
      apiFetch<ShowEpisodesAnalytics>(`/api/analytics/shows/${showId}/episodes`, { signal }),
  });
}

export function useNetworkAnalytics(range: FigureRange) {
  return useQuery({
    queryKey: queryKeys.analytics.network(range),
    refetchInterval: LIVE_MS * 2,
    queryFn: ({ signal }) =>
      apiFetch<NetworkAnalytics>(`/api/analytics/network?${rangeQuery(range)}`, { signal }),
  });
}

/** Where the CSV of one of the view's tables downloads from (the session cookie goes along). */
export const csvHref = (showId: string, table: string, range: FigureRange) =>
  `/api/analytics/shows/${showId}/export.csv?table=${table}&${rangeQuery(range)}`;

/** `GET /api/analytics/shows/{id}/statement?month`: the owner's and admins' alone (403 to its hosts). */
export function useShowStatement(showId: string, month: string) {
  return useQuery({
    queryKey: queryKeys.analytics.statement(showId, month),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<ShowStatement>(`/api/analytics/shows/${showId}/statement?month=${month}`, { signal }),
  });
}

/** `GET /api/analytics/audience`: the network's audience, for anyone (the /advertise page). */
export function useNetworkAudience() {
  return useQuery({
    queryKey: queryKeys.analytics.audience,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiFetch<NetworkAudience>('/api/analytics/audience', { signal }),
  });
}

/** `GET /api/analytics/shows/{id}/plays`: what PODZ's own players confirm was heard. */
export function useShowPlays(showId: string, range: FigureRange) {
  return useQuery({
    queryKey: queryKeys.analytics.plays(showId, range),
    refetchInterval: LIVE_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<ShowPlays>(`/api/analytics/shows/${showId}/plays?${rangeQuery(range)}`, { signal }),
  });
}
