import { TextDecoder } from 'node:util';
import type { Request } from 'express';
import { AppError, receiveOneFile } from '@podz/kit';
import { TRANSCRIPT_LIMITS } from '@podz/proto';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one file of a multipart transcript upload, as text. It is read into memory (1 MB at most:
 * over that, 413 and nothing kept), must be UTF-8 or UTF-16 with a byte-order mark, and may not
 * hold NUL bytes: anything else is a 415, since it is no caption file.
 */
export function receiveTranscript(req: Request): Promise<string> {
  return receiveOneFile(req, {
    maxBytes: TRANSCRIPT_LIMITS.bytes,
    fields: 5,
    take: ({ stream }) => collect(stream),
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
