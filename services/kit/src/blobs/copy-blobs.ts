import type { BlobStore } from './blob-store';
import type { LocalBlobStore } from './local-blob-store';

export interface CopyProgress {
  /** Files looked at so far, and of those already in the target (same size) and left alone. */
  seen: number;
  copied: number;
  alreadyThere: number;
  bytesCopied: number;
}

/**
 * Copies every file of a local folder into another store, under the same keys: what moving a
 * platform's media from a disk to object storage takes. Idempotent and resumable: a file the
 * target already holds at the same size is left alone, so a copy stopped anywhere (a write to the
 * target is whole or absent) is finished by running it again. The source is only read.
 */
export async function copyFolderTo(
  source: LocalBlobStore,
  target: BlobStore,
  progress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyProgress> {
  const counts: CopyProgress = { seen: 0, copied: 0, alreadyThere: 0, bytesCopied: 0 };
  for await (const key of source.keys()) {
    const from = await source.stat(key);
    if (!from) continue; // deleted since it was listed
    counts.seen += 1;
    const there = await target.stat(key);
    if (there?.bytes === from.bytes) counts.alreadyThere += 1;
    else {
      await target.put(key, await source.read(key), from.contentType);
      counts.copied += 1;
      counts.bytesCopied += from.bytes;
    }
    progress({ ...counts });
  }
  return counts;
}
