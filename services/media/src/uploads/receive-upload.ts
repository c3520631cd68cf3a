import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { AppError, receiveOneFile } from '@podz/kit';
import type { BlobInfo, BlobStore } from '@podz/kit/blobs';
import { SNIFF_BYTES, sniffAudio, sniffImage, type Sniffed } from './sniff';

export interface UploadOptions {
  kind: 'audio' | 'image';
  maxBytes: number;
  keyFor: (ext: string) => string;
}

/** `name`: the file's name as the sender gave it, trimmed to 200 characters (for people, never a path). */
export type ReceivedUpload = BlobInfo & { mime: string; name: string };

const limitMb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Streams the one file of a multipart request into the store. The first bytes decide the type
 * (415 when it is not allowed, before anything is stored); the size is counted as bytes flow and
 * an upload over the limit is cut off (413) and its partial blob removed. Nothing is buffered
 * beyond the first chunk.
 */
export function receiveUpload(
  req: Request,
  store: BlobStore,
  options: UploadOptions,
): Promise<ReceivedUpload> {
  const sniff = options.kind === 'audio' ? sniffAudio : sniffImage;
  return receiveOneFile(req, {
    maxBytes: options.maxBytes,
    fields: 10,
    take: async ({ stream: file, name }) => {
      const head = await firstBytes(file);
      const type: Sniffed | undefined = sniff(head.bytes);
      if (!type) {
        file.resume();
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          options.kind === 'audio'
            ? 'This is not an audio file we accept (MP3, M4A, WAV, Ogg or FLAC)'
            : 'This is not an image we accept (PNG, JPEG or WebP)',
        );
      }
      const key = options.keyFor(type.ext);
      const body = new PassThrough();
      body.write(head.bytes);
      // Busboy stops a file at the limit and marks it truncated; the limit may already have been
      // reached inside the first chunk, so the flag is checked too, not only the event.
      let tooLarge = false;
      file.on('limit', () => {
        tooLarge = true;
        body.destroy(new Error('too large'));
      });
      file.pipe(body);
      try {
        const info = await store.put(key, body, type.mime);
        if (tooLarge || file.truncated) {
          tooLarge = true;
          throw new Error('too large');
        }
        return { ...info, mime: type.mime, name: displayName(name) };
      } catch (err) {
        await store.delete(key).catch(() => undefined);
        throw tooLarge
          ? new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${limitMb(options.maxBytes)}`)
          : err;
      }
    },
    // Stored after the request had already failed (the sender went away): nothing may keep it.
    undo: (upload) => store.delete(upload.key),
  });
}

/** Reads until at least SNIFF_BYTES have arrived (or the file ended), then pauses the stream. */
function firstBytes(file: NodeJS.ReadableStream): Promise<{ bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= SNIFF_BYTES) done();
    };
    const done = () => {
      file.off('data', onData);
      file.off('end', done);
      file.pause();
      resolve({ bytes: Buffer.concat(chunks) });
    };
    file.on('data', onData);
    file.once('end', done);
    file.once('error', reject);
  });
}

/** A file name fit to show people: no control characters or path separators, at most 200 characters. */
function displayName(raw: string): string {
  const kept = [...raw].filter((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code > 0x1f && code !== 0x7f && ch !== '/' && ch !== '\\';
  });
  return kept.join('').trim().slice(0, 200);
}
