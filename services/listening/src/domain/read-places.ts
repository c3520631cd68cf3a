import type { Place, Places } from '@podz/proto';
import type { AuthUser } from '@podz/kit';
import type { PlacePorts, StoredPlace } from './listening-deps';
import { placesOf, placeView } from './places';

/** The member's places in the episodes asked for, in the order asked; never-heard ones left out. */
export async function readPlaces(ports: PlacePorts, user: AuthUser, episodeIds: string[]): Promise<Places> {
  const found = new Map(
    (await placesOf(ports, user.id, episodeIds)).map((place) => [place.episodeId, place]),
  );
  return {
    items: episodeIds.flatMap((episodeId) => {
      const place = found.get(episodeId);
      return place ? [placeView(place)] : [];
    }),
  };
}

/**
 * "Continue listening": episodes begun and not played to the end, most recently heard first. From
 * Redis's list of the member's latest episodes; from the store when Redis has forgotten them.
 */
export async function continueListening(ports: PlacePorts, user: AuthUser, limit: number): Promise<Places> {
  const recent = await ports.cache.recentEpisodes(user.id);
  const places: StoredPlace[] = recent.length
    ? await placesOf(ports, user.id, recent)
    : await ports.archive.latest(user.id, limit * 2);
  const begun = places
    .filter((place) => !place.played && place.position > 0)
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
  return { items: begun.map((place): Place => placeView(place)) };
}
