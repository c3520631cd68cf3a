import type {
  Campaign,
  CampaignDeliveries,
  CreateCampaignBody,
  InventoryForecast,
  Paginated,
  ReportLink,
  UpdateCampaignBody,
} from '@podz/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Deliveries show within seconds of a download: read again while on screen. */
const LIVE_MS = 5000;

/** `GET /api/ads/campaigns` (editors, admins): newest first, a page at a time. */
export function useCampaigns(page: number) {
  return useQuery({
    queryKey: queryKeys.ads.campaigns(page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiFetch<Paginated<Campaign>>(`/api/ads/campaigns?page=${page}`, { signal }),
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: queryKeys.ads.campaign(id),
    queryFn: ({ signal }) => apiFetch<Campaign>(`/api/ads/campaigns/${id}`, { signal }),
  });
}

function useCampaignMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.ads.campaignsAll }),
  });
}

/** `POST /api/ads/campaigns`: a draft. */
export const useCreateCampaign = () =>
  useCampaignMutation((body: CreateCampaignBody) =>
    apiFetch<Campaign>('/api/ads/campaigns', { method: 'POST', body }),
  );

/** `PUT /api/ads/campaigns/{id}`: any field, and the status. */
export const useUpdateCampaign = () =>
  useCampaignMutation(({ id, ...body }: UpdateCampaignBody & { id: string }) =>
    apiFetch<Campaign>(`/api/ads/campaigns/${id}`, { method: 'PUT', body }),
  );

export const useDeleteCampaign = () =>
  useCampaignMutation((id: string) => apiFetch(`/api/ads/campaigns/${id}`, { method: 'DELETE' }));

/** `GET /api/analytics/campaigns/{id}`: deliveries over the flight so far, live. */
export function useCampaignDeliveries(id: string) {
  return useQuery({
    queryKey: queryKeys.ads.deliveries(id),
    refetchInterval: LIVE_MS,
    queryFn: ({ signal }) => apiFetch<CampaignDeliveries>(`/api/analytics/campaigns/${id}`, { signal }),
  });
}

/** `POST /api/analytics/campaigns/{id}/report-link`: a signed link for the advertiser. */
export const useReportLink = () =>
  useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      apiFetch<ReportLink>(`/api/analytics/campaigns/${id}/report-link`, { method: 'POST', body: { days } }),
  });

/** `GET /api/analytics/reports/{token}`: the advertiser's report, signed out. */
export function useAdvertiserReport(token: string) {
  return useQuery({
    queryKey: queryKeys.ads.report(token),
    refetchInterval: LIVE_MS * 6,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<CampaignDeliveries>(`/api/analytics/reports/${encodeURIComponent(token)}`, { signal }),
  });
}

export const campaignCsvHref = (id: string) => `/api/analytics/campaigns/${id}/export.csv`;

/** What the forecast is asked: the days, and a show, a category or a country (or the network). */
export interface InventoryAsk {
  from: string;
  to: string;
  kind: 'network' | 'showId' | 'category' | 'country';
  value: string;
}

/** `GET /api/analytics/inventory`: impressions still for sale over the days asked. */
export function useInventoryForecast(ask: InventoryAsk | undefined) {
  const params = ask && new URLSearchParams({ from: ask.from, to: ask.to });
  if (ask && params && ask.kind !== 'network') params.set(ask.kind, ask.value);
  return useQuery({
    queryKey: queryKeys.ads.inventory(params?.toString() ?? ''),
    enabled: ask !== undefined,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<InventoryForecast>(`/api/analytics/inventory?${params?.toString() ?? ''}`, { signal }),
  });
}
