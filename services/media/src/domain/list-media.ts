import { isAdmin, type AuthUser } from '@podz/kit';
import { paginated, type MediaItem } from '@podz/proto';
import type { MediaPorts } from './media-ports';
import { managedMedia } from './managed-media';
import { mediaItem, mediaItems } from './media-item';

/** `GET /api/media`: an admin's view is every upload; an owner's, their own. */
export async function listMedia(
  deps: Pick<MediaPorts, 'library' | 'users'>,
  user: AuthUser,
  query: { kind?: 'audio' | 'image'; search?: string; page: number; limit: number },
) {
  const { items, total } = await deps.library.page(
    query.kind,
    isAdmin(user) ? undefined : user.id,
    query.search || undefined,
    query.page,
    query.limit,
  );
  return paginated(await mediaItems(deps, items), total, query.page, query.limit);
}

/** `GET /api/media/{id}`. */
export async function getMedia(
  deps: Pick<MediaPorts, 'library' | 'users'>,
  user: AuthUser,
  id: string,
): Promise<MediaItem> {
  return mediaItem(deps, await managedMedia(deps, user, id));
}
