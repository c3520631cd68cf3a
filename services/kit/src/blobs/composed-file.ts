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
 * A range this long or shorter is read whole before its first byte goes out (its pieces read at
 * once, then handed over together): the answer's headers and every piece leave in one write, where
 * a range across a joined file's seams would take one write per piece.
 */
const GATHERED_BYTES = 1024 * 1024;

type Slice = { bytes: Buffer } | { key: string; start: number; end: number };

/** What each part the range covers gives it, in order. */
function slicesOf(parts: readonly Part[], range: { start: number; end: number }): Slice[] {
  const slices: Slice[] = [];
  let at = 0;
  for (const part of parts) {
    const size = sizeOf(part);
    const from = Math.max(range.start, at);
    const to = Math.min(range.end, at + size - 1);
    if (from <= to) {
      if ('bytes' in part) slices.push({ bytes: part.bytes.subarray(from - at, to - at + 1) });
      else {
        const base = part.start ?? 0;
        slices.push({ key: part.key, start: base + from - at, end: base + to - at });
      }
    }
    at += size;
    if (at > range.end) break;
  }
  return slices;
}

/**
 * The bytes `start`..`end` (inclusive) of the file the parts make: only the blobs the range touches
 * are read, and only their bytes in it. A long range is read part by part as the consumer takes it.
 */
export function composedStream(
  store: BlobStore,
  parts: readonly Part[],
  range: { start: number; end: number } = { start: 0, end: composedLength(parts) - 1 },
): Readable {
  const slices = slicesOf(parts, range);
  if (range.end - range.start + 1 <= GATHERED_BYTES) return gathered(store, slices);
  async function* pieces(): AsyncGenerator<Buffer> {
    for (const slice of slices) {
      if ('bytes' in slice) yield slice.bytes;
      else
        for await (const chunk of await store.read(slice.key, { start: slice.start, end: slice.end }))
          yield chunk as Buffer;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

function gathered(store: BlobStore, slices: Slice[]): Readable {
  let started = false;
  const stream = new Readable({
    read() {
      if (started) return;
      started = true;
      Promise.all(slices.map((slice) => ('bytes' in slice ? [slice.bytes] : chunksOf(store, slice)))).then(
        (all) => {
          for (const chunks of all) for (const chunk of chunks) stream.push(chunk);
          stream.push(null);
        },
        (err: unknown) => stream.destroy(err as Error),
      );
    },
  });
  return stream;
}

async function chunksOf(
  store: BlobStore,
  slice: { key: string; start: number; end: number },
): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(slice.key, { start: slice.start, end: slice.end }))
    chunks.push(chunk as Buffer);
  return chunks;
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
