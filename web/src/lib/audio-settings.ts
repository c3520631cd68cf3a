import type { AudioSettings } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /api/media/audio-settings`: the network's loudness target (owners and admins). */
export function useAudioSettings() {
  return useQuery({
    queryKey: queryKeys.media.audioSettings,
    queryFn: ({ signal }) => apiFetch<AudioSettings>('/api/media/audio-settings', { signal }),
  });
}
