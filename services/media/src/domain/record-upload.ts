import { queuedJob, type AuthUser } from '@podz/kit';
import type { Media } from '@podz/proto';
import type { Chapter } from '@podz/proto';
import { audioOffset } from '../uploads/audio-offset';
import { id3Chapters } from '../uploads/id3-chapters';
import { inspectAudio, inspectImage } from '../uploads/inspect-media';
import type { ReceivedUpload } from '../uploads/receive-upload';
import type { MediaPorts } from './media-ports';

/**
 * `POST /api/media/audio` and `/images`, once the bytes are stored: read them through (audio must
 * play, an image must decode), then record the upload, audio with its processing job queued. A
 * file refused here takes its bytes with it.
 */
export async function recordUpload(
  deps: Pick<MediaPorts, 'library' | 'blobs'>,
  user: AuthUser,
  id: string,
  kind: 'audio' | 'image',
  blob: ReceivedUpload,
): Promise<Media> {
  let durationSeconds: number | null = null;
  let offset: number | null = null;
  let chapters: Chapter[] = [];
  try {
    if (kind === 'audio') {
      ({ durationSeconds } = await inspectAudio(deps.blobs, blob.key, blob.mime, blob.bytes));
      offset = await audioOffset(deps.blobs, blob.key);
      if (blob.mime === 'audio/mpeg') chapters = await id3Chapters(deps.blobs, blob.key, offset);
    } else await inspectImage(deps.blobs, blob.key, blob.mime);
  } catch (err) {
    await deps.blobs.delete(blob.key).catch(() => undefined);
    throw err;
  }
  const media = await deps.library.record(id, {
    kind,
    name: blob.name,
    key: blob.key,
    type: blob.mime,
    bytes: blob.bytes,
    durationSeconds,
    audioOffset: offset,
    ...(chapters.length ? { chapters } : {}),
    uploadedBy: user.id,
    // Its processing is queued in the same write: there is no audio upload without its job.
    ...(kind === 'audio' ? { job: queuedJob() } : {}),
  });
  return {
    id: media.id,
    kind,
    url: `/media/${media.key}`,
    type: media.type,
    bytes: media.bytes,
    durationSeconds: media.durationSeconds ?? null,
  };
}
