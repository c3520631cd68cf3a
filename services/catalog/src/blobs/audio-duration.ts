import { parseStream } from 'music-metadata';
import type { BlobStore } from './blob-store';

/**
 * The playing time of stored audio, read from the file itself (headers, or the frames where a
 * format needs it), rounded to a tenth of a second; 0 when the file does not say.
 */
export async function audioDurationSeconds(
  store: BlobStore,
  key: string,
  mime: string,
  bytes: number,
): Promise<number> {
  const stream = await store.read(key);
  try {
    const metadata = await parseStream(stream as never, { mimeType: mime, size: bytes }, { duration: true });
    const seconds = metadata.format.duration;
    return seconds && Number.isFinite(seconds) ? Math.round(seconds * 10) / 10 : 0;
  } catch {
    return 0;
  } finally {
    (stream as { destroy?: () => void }).destroy?.();
  }
}
