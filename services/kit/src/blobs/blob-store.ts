import type { Readable } from 'node:stream';
import { badRequest } from '../errors/app-error';

export interface BlobInfo {
  key: string;
  bytes: number;
  contentType: string;
  modifiedAt: Date;
}

/** Where uploaded files live: a local folder or S3-compatible object storage, by configuration. */
export interface BlobStore {
  /** Streams `body` under `key`; a stream that fails leaves nothing behind. */
  put(key: string, body: NodeJS.ReadableStream, contentType: string): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | undefined>;
  /** Bytes `start`..`end` inclusive, or the whole blob. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of safe segments: no `..`, no leading slash, nothing outside [A-Za-z0-9._/-]. */
export function checkKey(key: string): string {
  // Each part a file name any file system takes (255 bytes at most), the whole a bounded key.
  const parts = key.split('/');
  if (
    !KEY.test(key) ||
    parts.some((part) => part === '..' || part === '.' || part.length > 200) ||
    key.length > 300
  ) {
    throw badRequest('Invalid media name');
  }
  return key;
}
