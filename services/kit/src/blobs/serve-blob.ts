import type { Readable } from 'node:stream';
import { AppError, notFound } from '../errors/app-error';
import { notModified } from '../http/conditional-get';
import type { DirectHandler, DirectRequest, DirectResponse } from '../http/direct-request';
import type { BlobStore } from './blob-store';

/** For files whose names the service chose: their content never changes under the name. */
export const IMMUTABLE = `public, max-age=${365 * 24 * 3600}, immutable`;

export interface ServeOptions {
  keyOf: (req: DirectRequest) => string;
  /** Fixed, or chosen per response (premium audio is private). */
  cacheControl: string | ((res: DirectResponse) => string);
}

/** What a response carried of the file, kept in `res.locals.served` for whoever logs it. */
export interface Served {
  /** The file's first byte in the body. */
  start: number;
  /** Body bytes read from the store into the response so far. */
  sent: number;
}

type Range = { start: number; end: number } | 'unsatisfiable' | undefined;

/** One `bytes=` range; several ranges or a malformed header are answered with the whole file. */
function parseRange(header: string | undefined, size: number): Range {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** What a ranged answer needs to know of the file before reading it. */
export interface FileFacts {
  bytes: number;
  etag: string;
  /** Absent for a file whose parts change apart (its ETag alone says when). */
  modifiedAt?: Date;
  contentType: string;
}

/**
 * Answers a file with what players and caches need: `Accept-Ranges`, 206 partial answers (so
 * audio can seek), 416 for ranges past the end, and ETag / 304; `read` brings the bytes of the
 * range asked (or the whole). On Node's own request and response, so that the media routes can be
 * answered ahead of Express (kit's DirectRoutes).
 */
export async function answerFile(
  req: DirectRequest,
  res: DirectResponse,
  file: FileFacts,
  cacheControl: string,
  read: (range?: { start: number; end: number }) => Promise<Readable>,
): Promise<void> {
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('etag', file.etag);
  if (file.modifiedAt) res.setHeader('last-modified', file.modifiedAt.toUTCString());
  if (notModified(req.headers, { etag: file.etag, lastModified: file.modifiedAt })) {
    res.setHeader('cache-control', cacheControl);
    res.statusCode = 304;
    res.end();
    return;
  }
  const range = parseRange(req.headers.range, file.bytes);
  if (range === 'unsatisfiable') {
    res.setHeader('content-range', `bytes */${file.bytes}`);
    throw new AppError(
      'RANGE_NOT_SATISFIABLE',
      `The range starts past the end of the file (${file.bytes} bytes)`,
    );
  }
  // Only now: a refusal above is JSON in the error shape, neither typed nor cached as the file.
  res.setHeader('cache-control', cacheControl);
  res.setHeader('content-type', file.contentType);
  if (range) {
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`);
    res.setHeader('content-length', String(range.end - range.start + 1));
  } else {
    res.setHeader('content-length', String(file.bytes));
  }
  const served: Served = { start: range?.start ?? 0, sent: 0 };
  res.locals.served = served;
  if (req.method === 'HEAD' || file.bytes === 0) {
    res.end();
    return;
  }
  const body = await read(range);
  body.on('data', (chunk: Buffer) => {
    served.sent += chunk.length;
  });
  body.on('error', (err) => res.destroy(err));
  // With backpressure (what is read is at most a chunk ahead of what the socket took), and the
  // file let go of when the client leaves early. Not `stream.pipeline`: its clean-up builds an
  // AbortError per call, which showed in catalog's profile under ranged audio.
  body.pipe(res);
  res.once('close', () => body.destroy());
}

/** Serves a stored blob (`answerFile`), its ETag from its size and modification time. */
export function serveBlob(store: BlobStore, options: ServeOptions): DirectHandler {
  return async (req, res, next) => {
    try {
      const key = options.keyOf(req);
      const cacheControl =
        typeof options.cacheControl === 'string' ? options.cacheControl : options.cacheControl(res);
      const info = await store.stat(key);
      if (!info) throw notFound('Media');
      const etag = `"${info.bytes.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`;
      await answerFile(req, res, { ...info, etag }, cacheControl, (range) => store.read(key, range));
    } catch (err) {
      next(err);
    }
  };
}
