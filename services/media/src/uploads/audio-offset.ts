import type { BlobStore } from '@podz/kit/blobs';

/**
 * Where the audio of a stored file starts: after its ID3v2 tag (10 bytes of header, the tag's
 * syncsafe size, 10 more when a footer is flagged), which can hold cover art of hundreds of kB.
 * A file without one starts at 0. What the IAB byte threshold adds one minute of audio to.
 */
export async function audioOffset(store: BlobStore, key: string): Promise<number> {
  const head = await readHead(store, key, 10);
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const byte = (index: number) => head.readUInt8(index);
  const size =
    ((byte(6) & 0x7f) << 21) | ((byte(7) & 0x7f) << 14) | ((byte(8) & 0x7f) << 7) | (byte(9) & 0x7f);
  const footer = byte(5) & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

async function readHead(store: BlobStore, key: string, bytes: number): Promise<Buffer> {
  const stream = await store.read(key, { start: 0, end: bytes - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, bytes);
}
