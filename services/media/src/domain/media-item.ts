import { present } from '@podz/kit';
import { DELETED_USER_NAME, type AudioFacts, type MediaItem, type MediaUse } from '@podz/proto';
import type { MediaRecord } from '../data/media-models';
import type { MediaUse as StoredUse } from '../data/media-library';
import type { MediaPorts } from './media-ports';

/** Where an upload is used: the shows and episodes that name it. */
export function usesOf(record: MediaRecord): MediaUse[] {
  const uses = (record.uses ?? {}) as Record<string, StoredUse>;
  return Object.entries(uses).map(([id, use]): MediaUse => ({ id, ...use }));
}

/**
 * Uploads as the media library shows them, each with its uploader's name from media's own
 * directory of users (one keyed read for the page); an uploader since deleted is "Deleted user".
 */
export async function mediaItems(
  deps: Pick<MediaPorts, 'users'>,
  records: MediaRecord[],
): Promise<MediaItem[]> {
  const uploaders = [...new Set(records.map((record) => record.uploadedBy))];
  const found = await deps.users.findMany(uploaders);
  const names = new Map(uploaders.map((id, i) => [id, found[i]?.username ?? DELETED_USER_NAME]));
  return records.map((record) => itemOf(record, names.get(record.uploadedBy) ?? DELETED_USER_NAME));
}

/** One upload, as {@link mediaItems} shows it. */
export async function mediaItem(deps: Pick<MediaPorts, 'users'>, record: MediaRecord): Promise<MediaItem> {
  const [item] = await mediaItems(deps, [record]);
  return present(item, `upload ${record.id}`);
}

function itemOf(record: MediaRecord, uploaderName: string): MediaItem {
  return {
    id: record.id,
    kind: record.kind as MediaItem['kind'],
    name: record.name ?? '',
    url: `/media/${record.key}`,
    type: record.type,
    bytes: record.bytes,
    durationSeconds: record.durationSeconds ?? null,
    uploadedBy: record.uploadedBy,
    uploaderName,
    createdAt: new Date(record.createdAt).toISOString(),
    usedBy: usesOf(record),
    audio: audioFactsOf(record),
  };
}

/** An audio upload's processing and what it made, as its owner sees them. */
export function audioFactsOf(record: MediaRecord): AudioFacts | null {
  const { job, processed } = record;
  if (record.kind !== 'audio' || !job) return null;
  const rendition = processed?.rendition;
  return {
    processing: { state: job.state, stage: job.stage, percent: job.percent, error: job.error },
    loudness: processed?.loudness ?? null,
    rendition: rendition
      ? {
          url: `/media/${rendition.key}`,
          type: 'audio/mpeg',
          bytes: rendition.bytes,
          bitrateKbps: rendition.bitrateKbps,
          durationSeconds: rendition.durationSeconds,
          targetLufs: rendition.targetLufs,
          loudness: rendition.loudness,
        }
      : null,
    waveformUrl: processed ? `/media/${processed.waveformKey}` : null,
    silences: processed?.silences ?? [],
  };
}
