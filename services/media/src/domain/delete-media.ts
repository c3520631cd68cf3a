import { conflict, type AuthUser } from '@podz/kit';
import type { MediaPorts } from './media-ports';
import { managedMedia } from './managed-media';
import { derivedKeys } from './derived-keys';
import { usesOf } from './media-item';

/** `DELETE /api/media/{id}`: the uploader or an admin, and only while nothing uses the file. */
export async function deleteMedia(
  deps: Pick<MediaPorts, 'library' | 'blobs' | 'logger'>,
  user: AuthUser,
  id: string,
): Promise<void> {
  const record = await managedMedia(deps, user, id);
  const usedBy = usesOf(record);
  if (usedBy.length > 0) {
    const where = usedBy.map((use) => `${use.kind === 'show' ? 'the show' : 'the episode'} “${use.name}”`);
    throw conflict(`This file is in use by ${where.join(', ')}; change those first`);
  }
  if (!(await deps.library.removeUnused(record))) {
    throw conflict('This file changed while it was being deleted; look again');
  }
  // The bytes go last: a failure here leaves an orphan file, never a record pointing at nothing.
  const derived = record.kind === 'audio' ? Object.values(derivedKeys(id)) : [];
  for (const key of [record.key, ...derived]) {
    await deps.blobs.delete(key).catch((err: unknown) => {
      deps.logger.warn({ err, key }, 'upload record deleted but a file of it was not');
    });
  }
  deps.logger.info({ mediaId: id, kind: record.kind }, 'upload deleted');
}
