import type { Place, SavePosition } from '@podz/proto';
import type { AuthUser } from '@podz/kit';
import type { PlacePorts } from './listening-deps';
import { placeView } from './places';

/**
 * Where the member is in an episode, now. Keyed to the member and the episode and written to Redis
 * alone; the store gets it from the flusher. The episode's existence is not checked: a place in an
 * episode that is gone is never asked for, and a check would be a catalog read on every save.
 */
export async function savePosition(
  ports: Pick<PlacePorts, 'cache'>,
  user: AuthUser,
  episodeId: string,
  save: SavePosition,
): Promise<Place> {
  const kept = await ports.cache.save(user.id, episodeId, {
    position: save.position,
    duration: save.duration,
    ended: save.ended,
    at: Date.now(),
  });
  return placeView(kept);
}
