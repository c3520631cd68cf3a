import {
  PODCAST_EPISODES_PAGE_SIZE,
  type Episode,
  type Paginated,
  type Podcast,
  type ShowPage,
} from '@podz/proto';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { query } from './shows-api';

// Apart from shows-api, which the layout loads for every visitor: only the show page reads these,
// and the first load of `/` stays within its budget.

/**
 * A show by its URL name, read with its first page of episodes: that page is put where
 * `useShowEpisodes` looks for it, so a show page opens with one read instead of two in a row.
 */
export function useShowByName(name: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.shows.byName(name),
    queryFn: async ({ signal }): Promise<Podcast> => {
      const { episodes, ...podcast } = await apiFetch<ShowPage>(
        `/api/podcasts/name/${encodeURIComponent(name)}?episodes=true`,
        { signal },
      );
      if (episodes) client.setQueryData(queryKeys.shows.episodes(podcast.id, 1), episodes);
      return podcast;
    },
  });
}

export function useShowEpisodes(podcastId: string | undefined, page: number) {
  return useQuery({
    queryKey: queryKeys.shows.episodes(podcastId ?? '', page),
    enabled: Boolean(podcastId),
    queryFn: ({ signal }) =>
      apiFetch<Paginated<Episode>>(
        `/api/episodes/podcast-episodes?${query({ podcastId, page, limit: PODCAST_EPISODES_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
