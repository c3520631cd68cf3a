import type { AudioSettings } from '@podz/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/media/audio-settings` (admins). */
export function useSetAudioSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (targetLufs: number) =>
      apiFetch<AudioSettings>('/api/media/audio-settings', { method: 'PUT', body: { targetLufs } }),
    onSuccess: (settings) => client.setQueryData(queryKeys.media.audioSettings, settings),
  });
}
