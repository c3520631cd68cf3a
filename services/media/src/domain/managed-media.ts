import { isAdmin, notFound, type AuthUser } from '@podz/kit';
import type { MediaRecord } from '../data/media-models';
import type { MediaPorts } from './media-ports';

const mayManage = (user: AuthUser, record: MediaRecord) => isAdmin(user) || record.uploadedBy === user.id;

/** An upload the caller may manage: their own, or any for an admin. */
export async function managedMedia(
  deps: Pick<MediaPorts, 'library'>,
  user: AuthUser,
  id: string,
): Promise<MediaRecord> {
  const record = await deps.library.findById(id);
  // Someone else's upload is not there for this caller: 404, leaking nothing.
  if (!record || !mayManage(user, record)) throw notFound('Upload');
  return record;
}
