import { parseStream } from 'music-metadata';
import sharp from 'sharp';
import { AppError } from '@podz/kit';
import { MEDIA_LIMITS } from '@podz/proto';
import type { BlobStore } from '@podz/kit/blobs';

/**
 * A stored upload read through, with well-kept parsers, before anything records it: the first bytes
 * only said what the file claims to be. A file that does not parse is a 415 that names the problem.
 */

const unreadable = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/** A stream's bytes, whole (a file already bounded by its limit). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Audio must parse as what it claims and play for a real length: its duration, to a tenth of a second. */
export async function inspectAudio(
  store: BlobStore,
  key: string,
  mime: string,
  bytes: number,
): Promise<{ durationSeconds: number }> {
  const stream = await store.read(key);
  let seconds: number | undefined;
  try {
    const metadata = await parseStream(stream as never, { mimeType: mime, size: bytes }, { duration: true });
    seconds = metadata.format.duration;
  } catch (err) {
    throw unreadable(`The audio could not be read: ${(err as Error).message}`);
  } finally {
    (stream as { destroy?: () => void }).destroy?.();
  }
  if (!seconds || !Number.isFinite(seconds) || seconds < 0.05) {
    throw unreadable('The audio could not be read: it has no playable length (a header without sound?)');
  }
  return { durationSeconds: Math.round(seconds * 10) / 10 };
}

const SHARP_FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * An image must decode to the end (a truncated or corrupt one is refused) and fit the bound on its
 * sides, which is checked from the header before the pixels are decoded.
 */
export async function inspectImage(
  store: BlobStore,
  key: string,
  mime: string,
): Promise<{ width: number; height: number }> {
  const bytes = await readAll(await store.read(key));
  const max = MEDIA_LIMITS.imageMaxSide;
  const options = { failOn: 'truncated', limitInputPixels: max * max } as const;
  let width = 0;
  let height = 0;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (SHARP_FORMATS[metadata.format ?? ''] !== mime) throw new Error(`it is not a ${mime} file`);
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch (err) {
    throw unreadable(`The image could not be read: ${reason(err)}`);
  }
  if (width < 1 || height < 1 || width > max || height > max) {
    throw unreadable(`The image is ${width}×${height} pixels; images may be at most ${max} on a side`);
  }
  try {
    // A tiny thumbnail still decodes every byte, which is what proves the file whole.
    await sharp(bytes, options).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch (err) {
    throw unreadable(`The image is damaged: ${reason(err)}`);
  }
  return { width, height };
}

// libvips' messages carry a trailing newline and sometimes a second line of detail.
const reason = (err: unknown) =>
  ((err as Error).message || 'unknown error').replace(/\s+/g, ' ').trim().replace(/:$/, '');
