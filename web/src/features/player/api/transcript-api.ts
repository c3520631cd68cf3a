import type { TranscriptJson } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** An episode's JSON transcript. Its URL names one revision, so what it answers never changes. */
export function useTranscript(jsonUrl: string) {
  return useQuery({
    queryKey: queryKeys.episodes.transcript(jsonUrl),
    queryFn: ({ signal }) => apiFetch<TranscriptJson>(jsonUrl, { signal }),
    staleTime: Infinity,
  });
}
