import { createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { checkKey, type BlobInfo, type BlobStore } from './blob-store';
import { OpenFiles, type OpenFile } from './open-files';

/** Ranges up to this size are read in one call and answered from memory, not streamed. */
const ONE_READ_BYTES = 1024 * 1024;
const STREAM_CHUNK_BYTES = 256 * 1024;

const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json',
};

/**
 * Blobs as files under one folder. A write goes to a temporary name and is renamed when complete,
 * so a reader never sees half a file and a failed upload leaves nothing. The content type follows
 * from the extension, which the service chose from the sniffed type. Files being read are kept
 * open for a second (`OpenFiles`): a player's ranges then cost one read each.
 */
export class LocalBlobStore implements BlobStore {
  private readonly open = new OpenFiles();

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
    const file = await this.open.acquire(this.file(key));
    if (!file) return undefined;
    file.release();
    const ext = key.split('.').pop() ?? '';
    return {
      key,
      bytes: file.stats.size,
      contentType: TYPES[ext] ?? 'application/octet-stream',
      modifiedAt: file.stats.mtime,
    };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = await this.open.acquire(this.file(key));
    if (!file) throw Object.assign(new Error(`No blob ${key}`), { code: 'ENOENT' });
    const start = range?.start ?? 0;
    const end = range?.end ?? file.stats.size - 1;
    if (end - start + 1 <= ONE_READ_BYTES) {
      let bytes: Buffer;
      try {
        bytes = await readRange(file, start, end);
      } finally {
        file.release();
      }
      const stream = new Readable({ read() {} });
      stream.push(bytes);
      stream.push(null);
      return stream;
    }
    return rangeStream(file, start, end);
  }

  async delete(key: string): Promise<void> {
    this.open.forget(this.file(key));
    await rm(this.file(key), { force: true });
  }

  /** Every complete blob's key, folder by folder (a write still under its temporary name is not one). */
  async *keys(folder = ''): AsyncGenerator<string> {
    const dir = await opendir(path.join(this.root, folder)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!dir) return;
    for await (const entry of dir) {
      if (entry.name.startsWith('.')) continue; // no blob's key starts with a dot (checkKey)
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* this.keys(key);
      else if (entry.isFile() && !entry.name.endsWith('.partial')) yield key;
    }
  }
}

/**
 * Bytes `start`..`end` of an open file as a stream, a chunk at a time, releasing the file when it
 * ends or is destroyed. Not the handle's own `createReadStream`: destroying that closes the file,
 * which other readers may be using.
 */
function rangeStream(file: OpenFile, start: number, end: number): Readable {
  let position = start;
  return new Readable({
    highWaterMark: STREAM_CHUNK_BYTES,
    read() {
      const length = Math.min(STREAM_CHUNK_BYTES, end - position + 1);
      if (length <= 0) {
        this.push(null);
        return;
      }
      const buffer = Buffer.allocUnsafe(length);
      file.handle.read(buffer, 0, length, position).then(
        ({ bytesRead }) => {
          position += bytesRead;
          this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
        },
        (err: unknown) => this.destroy(err as Error),
      );
    },
    destroy(err, callback) {
      file.release();
      callback(err);
    },
  });
}

/** Bytes `start`..`end` of an open file; fewer if the file is shorter. */
async function readRange(file: OpenFile, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.max(0, end - start + 1));
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await file.handle.read(buffer, filled, buffer.length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === buffer.length ? buffer : buffer.subarray(0, filled);
}
