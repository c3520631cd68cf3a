import { TextDecoder } from 'node:util';
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError, badRequest } from '@podz/kit';
import { TRANSCRIPT_LIMITS } from '@podz/proto';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one file of a multipart transcript upload, as text. It is read into memory (1 MB at most:
 * over that, 413 and nothing kept), must be UTF-8 or UTF-16 with a byte-order mark, and may not
 * hold NUL bytes: anything else is a 415, since it is no caption file.
 */
export function receiveTranscript(req: Request): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: TRANSCRIPT_LIMITS.bytes, fields: 5 },
      });
    } catch {
      reject(badRequest('Send the file as multipart/form-data in a field named "file"'));
      return;
    }
    let settled = false;
    let text: Promise<string> | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('file', (field, file) => {
      if (field !== 'file' || text) {
        file.resume();
        if (field !== 'file') fail(badRequest('The upload field must be named "file"'));
        return;
      }
      text = collect(file);
      text.catch(fail);
    });
    parser.on('filesLimit', () => fail(badRequest('Send exactly one file')));
    parser.on('error', () => fail(badRequest('The upload is not valid multipart/form-data')));
    parser.on('close', () => {
      if (!text) fail(badRequest('No file: send it in a field named "file"'));
      else
        text.then((value) => {
          if (settled) return;
          settled = true;
          resolve(value);
        }, fail);
    });
    req.on('aborted', () => fail(badRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}

async function collect(file: NodeJS.ReadableStream & { truncated?: boolean }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The transcript is larger than 1 MB');
  return decodeText(Buffer.concat(chunks));
}

export function decodeText(bytes: Buffer): string {
  const notText = () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'This is not a text file: send WebVTT or SRT as UTF-8 text');
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = bytes.subarray(2).toString('utf16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    text = swapped.swap16().toString('utf16le');
  } else {
    try {
      text = utf8.decode(bytes);
    } catch {
      throw notText();
    }
  }
  if (text.includes('\0')) throw notText();
  return text;
}
