import { forbidden, isAdmin, type AuthUser } from '@podz/kit';
import type { MediaPorts } from './media-ports';

/** `GET /api/media/storage?userId`: what an uploader's files take; owners ask about themselves. */
export async function mediaStorage(
  deps: Pick<MediaPorts, 'library'>,
  user: AuthUser,
  userId: string | undefined,
) {
  const of = userId ?? user.id;
  if (of !== user.id && !isAdmin(user)) throw forbidden('Owners see only the storage they use');
  return { userId: of, ...(await deps.library.storageOf(of)) };
}
