import type { Types } from 'mongoose';
import { conflict, forbidden, isAdmin, notFound, type AuthUser } from '@podz/kit';
import { paginated, type Media, type MediaItem, type MediaUse } from '@podz/proto';
import { inspectAudio, inspectImage } from '../blobs/inspect-media';
import type { ReceivedUpload } from '../blobs/receive-upload';
import type { MediaRecord } from '../data/catalog-models';
import type { MediaUse as StoredUse } from '../data/media-library';
import type { CatalogDeps } from './catalog-deps';

export function mediaItem(record: MediaRecord): MediaItem {
  const uses = (record.uses ?? {}) as Record<string, StoredUse>;
  return {
    id: record._id.toHexString(),
    kind: record.kind as MediaItem['kind'],
    name: record.name ?? '',
    url: `/media/${record.key}`,
    type: record.type,
    bytes: record.bytes,
    durationSeconds: record.durationSeconds ?? null,
    uploadedBy: record.uploadedBy,
    createdAt: new Date(record.createdAt).toISOString(),
    usedBy: Object.entries(uses).map(([id, use]): MediaUse => ({ id, ...use })),
  };
}

/**
 * `POST /api/media/audio` and `/images`, once the bytes are stored: read them through (audio must
 * play, an image must decode), then record the upload. A file refused here takes its bytes with it.
 */
export async function recordUpload(
  deps: CatalogDeps,
  user: AuthUser,
  id: Types.ObjectId,
  kind: 'audio' | 'image',
  blob: ReceivedUpload,
): Promise<Media> {
  let durationSeconds: number | null = null;
  try {
    if (kind === 'audio')
      ({ durationSeconds } = await inspectAudio(deps.blobs, blob.key, blob.mime, blob.bytes));
    else await inspectImage(deps.blobs, blob.key, blob.mime);
  } catch (err) {
    await deps.blobs.delete(blob.key).catch(() => undefined);
    throw err;
  }
  const media = await deps.media.record({
    _id: id,
    kind,
    name: blob.name,
    key: blob.key,
    type: blob.mime,
    bytes: blob.bytes,
    durationSeconds,
    uploadedBy: user.id,
  });
  return {
    id: media._id.toHexString(),
    kind,
    url: `/media/${media.key}`,
    type: media.type,
    bytes: media.bytes,
    durationSeconds: media.durationSeconds ?? null,
  };
}

const mayManage = (user: AuthUser, record: MediaRecord) => isAdmin(user) || record.uploadedBy === user.id;

/** `GET /api/media`: an admin's view is every upload; an owner's, their own. */
export async function listMedia(
  deps: CatalogDeps,
  user: AuthUser,
  query: { kind?: 'audio' | 'image'; search?: string; page: number; limit: number },
) {
  const { items, total } = await deps.media.page(
    query.kind,
    isAdmin(user) ? undefined : user.id,
    query.search || undefined,
    query.page,
    query.limit,
  );
  return paginated(items.map(mediaItem), total, query.page, query.limit);
}

async function managedMedia(deps: CatalogDeps, user: AuthUser, id: string): Promise<MediaRecord> {
  const record = await deps.media.findById(id);
  // Someone else's upload is not there for this caller: 404, leaking nothing.
  if (!record || !mayManage(user, record)) throw notFound('Upload');
  return record;
}

export async function getMedia(deps: CatalogDeps, user: AuthUser, id: string): Promise<MediaItem> {
  return mediaItem(await managedMedia(deps, user, id));
}

/** `DELETE /api/media/{id}`: the uploader or an admin, and only while nothing uses the file. */
export async function deleteMedia(deps: CatalogDeps, user: AuthUser, id: string): Promise<void> {
  const record = await managedMedia(deps, user, id);
  const usedBy = mediaItem(record).usedBy;
  if (usedBy.length > 0) {
    const where = usedBy.map((use) => `${use.kind === 'show' ? 'the show' : 'the episode'} “${use.name}”`);
    throw conflict(`This file is in use by ${where.join(', ')}; change those first`);
  }
  if (!(await deps.media.removeUnused(record))) {
    throw conflict('This file changed while it was being deleted; look again');
  }
  // The bytes go last: a failure here leaves an orphan file, never a record pointing at nothing.
  await deps.blobs.delete(record.key).catch((err: unknown) => {
    deps.logger.warn({ err, key: record.key }, 'upload record deleted but its file was not');
  });
  deps.logger.info({ mediaId: id, kind: record.kind }, 'upload deleted');
}

/** `GET /api/media/storage?userId`: what an uploader's files take; owners ask about themselves. */
export async function mediaStorage(deps: CatalogDeps, user: AuthUser, userId: string | undefined) {
  const of = userId ?? user.id;
  if (of !== user.id && !isAdmin(user)) throw forbidden('Owners see only the storage they use');
  return { userId: of, ...(await deps.media.storageOf(of)) };
}
