import type { Places } from '@podz/proto';
import { apiFetch } from './api-client';

/** The signed-in member's places in these episodes (those never heard are left out). */
export const fetchPlaces = (episodeIds: string[], signal?: AbortSignal) =>
  apiFetch<Places>(`/api/listening/positions?episodeIds=${episodeIds.join(',')}`, { signal }).then(
    (places) => places.items,
  );
