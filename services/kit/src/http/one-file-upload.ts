import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { badRequest } from '../errors/app-error';

/** The one file of a multipart request, as it streams in; `truncated` once it passed the size limit. */
export interface IncomingFile {
  stream: NodeJS.ReadableStream & { truncated?: boolean };
  /** The name the sender gave it (never trusted as a path). */
  name: string;
}

export interface OneFileOptions<T> {
  /** Bytes at most: busboy stops the stream there and marks it `truncated`. */
  maxBytes: number;
  /** How many plain fields may come beside the file. */
  fields: number;
  /** Takes the file (stores it, reads it): its value is the request's, its error the request's answer. */
  take: (file: IncomingFile) => Promise<T>;
  /** What a value taken after the request already failed leaves behind, undone (a stored blob). */
  undo?: (value: T) => Promise<void>;
}

/**
 * The one file of a multipart request, in a field named `file`, handed to `take` as it streams:
 * every way a sender gets the envelope wrong (not multipart, another field, two files, no file, a
 * connection cut short) is a 400 in the API's error shape, the rest of the body drained so the
 * answer still goes out, and whatever `take` made of a request that failed meanwhile undone.
 */
export function receiveOneFile<T>(req: IncomingMessage, options: OneFileOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: options.maxBytes, fields: options.fields },
      });
    } catch {
      reject(badRequest('Send the file as multipart/form-data in a field named "file"'));
      return;
    }
    let settled = false;
    let taking: Promise<void> | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('file', (field, stream, details: { filename?: string }) => {
      if (taking || field !== 'file') {
        stream.resume();
        if (field !== 'file') fail(badRequest('The upload field must be named "file"'));
        return;
      }
      taking = options.take({ stream, name: details?.filename ?? '' }).then(async (value) => {
        if (!settled) {
          settled = true;
          resolve(value);
        } else await options.undo?.(value).catch(() => undefined);
      }, fail);
    });
    parser.on('filesLimit', () => fail(badRequest('Send exactly one file')));
    parser.on('error', () => fail(badRequest('The upload is not valid multipart/form-data')));
    parser.on('close', () => {
      if (!taking) fail(badRequest('No file: send it in a field named "file"'));
    });
    req.on('aborted', () => fail(badRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}
