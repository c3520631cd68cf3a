import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { checkKey, type BlobInfo, type BlobStore } from './blob-store';

const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Blobs as files under one folder. A write goes to a temporary name and is renamed when complete,
 * so a reader never sees half a file and a failed upload leaves nothing. The content type follows
 * from the extension, which the service chose from the sniffed type.
 */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: NodeJS.ReadableStream, contentType: string): Promise<BlobInfo> {
    const target = this.file(key);
    // The body may fail before the pipeline listens (while the folder is made): keep that error.
    let early: unknown;
    const keep = (err: unknown) => (early ??= err);
    body.on('error', keep);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      if (early) throw early;
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      body.off('error', keep);
      await rename(temporary, target);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
    const info = await stat(target);
    return { key, bytes: info.size, contentType, modifiedAt: info.mtime };
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const info = await stat(this.file(key));
      if (!info.isFile()) return undefined;
      const ext = key.split('.').pop() ?? '';
      return {
        key,
        bytes: info.size,
        contentType: TYPES[ext] ?? 'application/octet-stream',
        modifiedAt: info.mtime,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    return createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
