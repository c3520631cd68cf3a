import type { Episode, EpisodesByIds, Place, Places, Queue } from '@podz/proto';
import { apiFetch } from '../../../lib/api-client';

const POSITIONS = '/api/listening/positions';

export const savePlace = (
  episodeId: string,
  place: { position: number; duration?: number; ended?: boolean },
) => apiFetch<Place>(`${POSITIONS}/${episodeId}`, { method: 'PUT', body: place });

/** The same save as the page goes: a beacon outlives the page, a fetch may not. */
export function beaconPlace(episodeId: string, place: { position: number; duration?: number }): void {
  const body = new Blob([JSON.stringify(place)], { type: 'application/json' });
  navigator.sendBeacon?.(`${POSITIONS}/${episodeId}`, body);
}

export const fetchContinueListening = (limit: number) =>
  apiFetch<Places>(`/api/listening/continue?limit=${limit}`).then((places) => places.items);

export const fetchQueue = (userId: string) => apiFetch<Queue>(`/api/listening/queues/${userId}`);

export const saveQueue = (userId: string, episodeIds: string[], version: number) =>
  apiFetch<Queue>(`/api/listening/queues/${userId}`, { method: 'PUT', body: { episodeIds, version } });

/** Public episodes by id, in the order asked (those gone or not public are left out). */
export const fetchEpisodes = (ids: string[]) =>
  ids.length
    ? apiFetch<EpisodesByIds>(`/api/episodes/by-ids?ids=${ids.join(',')}`).then((found) => found.items)
    : Promise.resolve([] as Episode[]);

export const fetchEpisode = (id: string) => apiFetch<Episode>(`/api/episodes/${id}`);
