import type { Place } from '@podz/proto';
import type { PlacePorts, StoredPlace } from './listening-deps';

/** The place as the API gives it. */
export function placeView(place: StoredPlace): Place {
  return {
    episodeId: place.episodeId,
    position: place.position,
    duration: place.duration,
    played: place.played,
    at: new Date(place.at).toISOString(),
  };
}

/** The member's places in these episodes: Redis's, and the store's of those Redis has no more. */
export async function placesOf(
  ports: PlacePorts,
  userId: string,
  episodeIds: readonly string[],
): Promise<StoredPlace[]> {
  const cached = await ports.cache.places(userId, episodeIds);
  const known = new Set(cached.map((place) => place.episodeId));
  const stored = await ports.archive.of(
    userId,
    episodeIds.filter((episodeId) => !known.has(episodeId)),
  );
  return [...cached, ...stored];
}
