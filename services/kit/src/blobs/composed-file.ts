import { Readable } from 'node:stream';
import type { DirectHandler, DirectRequest, DirectResponse } from '../http/direct-request';
import type { BlobStore } from './blob-store';
import { answerFile, type FileFacts } from './serve-blob';

/**
 * A piece of a file served whole from pieces: bytes in hand, or `size` bytes of a stored blob from
 * its byte `start` (0: its beginning), so a file can be cut and joined without copying it.
 */
export type Part = { bytes: Buffer } | { key: string; start?: number; size: number };

const sizeOf = (part: Part) => ('bytes' in part ? part.bytes.length : part.size);

/** The length of a file made of `parts`. */
export function composedLength(parts: readonly Part[]): number {
  return parts.reduce((total, part) => total + sizeOf(part), 0);
}

/**
 * The bytes `start`..`end` (inclusive) of the file the parts make, read part by part as the
 * consumer takes them: only the blobs the range touches are read, and only their bytes in it.
 */
export function composedStream(
  store: BlobStore,
  parts: readonly Part[],
  range: { start: number; end: number } = { start: 0, end: composedLength(parts) - 1 },
): Readable {
  async function* pieces(): AsyncGenerator<Buffer> {
    let at = 0;
    for (const part of parts) {
      const size = sizeOf(part);
      const from = Math.max(range.start, at);
      const to = Math.min(range.end, at + size - 1);
      if (from <= to) {
        if ('bytes' in part) yield part.bytes.subarray(from - at, to - at + 1);
        else {
          const base = part.start ?? 0;
          const slice = { start: base + from - at, end: base + to - at };
          for await (const chunk of await store.read(part.key, slice)) yield chunk as Buffer;
        }
      }
      at += size;
      if (at > range.end) return;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** A file served from parts, with what its answer needs besides its length. */
export interface ComposedFile extends Omit<FileFacts, 'bytes'> {
  parts: Part[];
}

/**
 * Serves a file made of parts (a tag written for it, then stored audio) as one file, ranges
 * included: `answerFile`'s answers, each range read from only the parts it covers.
 */
export function serveComposed(
  store: BlobStore,
  options: {
    fileOf: (req: DirectRequest, res: DirectResponse) => Promise<ComposedFile>;
    cacheControl: string | ((res: DirectResponse) => string);
  },
): DirectHandler {
  return async (req, res, next) => {
    try {
      const file = await options.fileOf(req, res);
      const cacheControl =
        typeof options.cacheControl === 'string' ? options.cacheControl : options.cacheControl(res);
      await answerFile(
        req,
        res,
        { ...file, bytes: composedLength(file.parts) },
        cacheControl,
        async (range) => composedStream(store, file.parts, range),
      );
    } catch (err) {
      next(err);
    }
  };
}
