import { LruMap } from '@podz/kit';
import type { BlobStore } from '@podz/kit/blobs';

const OFFSET_BYTES = 4;
const REMEMBERED = 10_000;

/**
 * Where a rendition's frames start, read from its stored frame index (little-endian 32-bit
 * offsets, the last one its end) four bytes at a time: a cut needs one offset, not the index of an
 * hour. Offsets never change under a key (a rendition made again is indexed under the same key with
 * the same frames), so each is kept once read.
 */
export class FrameOffsets {
  private readonly known = new LruMap<string, Promise<number>>(REMEMBERED);

  constructor(private readonly blobs: BlobStore) {}

  /** The first byte of frame `frame` (the frame count: the file's end) in the rendition indexed at `framesKey`. */
  of(framesKey: string, frame: number): Promise<number> {
    const key = `${framesKey}:${frame}`;
    let offset = this.known.get(key);
    if (!offset) {
      offset = this.read(framesKey, frame);
      this.known.set(key, offset);
      offset.catch(() => this.known.delete(key));
    }
    return offset;
  }

  private async read(framesKey: string, frame: number): Promise<number> {
    const start = frame * OFFSET_BYTES;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.blobs.read(framesKey, { start, end: start + OFFSET_BYTES - 1 }))
      chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (bytes.length !== OFFSET_BYTES) throw new Error(`no frame ${frame} in ${framesKey}`);
    return bytes.readUInt32LE(0);
  }
}
