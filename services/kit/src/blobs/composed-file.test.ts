import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { composedLength, composedStream, type Part } from './composed-file';
import { LocalBlobStore } from './local-blob-store';

// A file served from parts (bytes in hand, then stored blobs) reads as the one file they make,
// for every range: one part, across parts, the end.

let dir: string;
let store: LocalBlobStore;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podz-composed-'));
  store = new LocalBlobStore(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 256));
async function all(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a composed file', () => {
  it('reads every range as the bytes its parts make together', async () => {
    const head = bytes(1000, 1);
    const body = bytes(300_000, 7);
    const tail = bytes(50, 3);
    await store.put('audio/body.mp3', Readable.from([body]), 'audio/mpeg');
    const parts: Part[] = [{ bytes: head }, { key: 'audio/body.mp3', size: body.length }, { bytes: tail }];
    const whole = Buffer.concat([head, body, tail]);
    expect(composedLength(parts)).toBe(whole.length);
    expect((await all(composedStream(store, parts))).equals(whole)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [0, 999],
      [990, 1009],
      [1000, 1000],
      [5000, 250_000],
      [300_990, 301_010],
      [whole.length - 1, whole.length - 1],
      [0, whole.length - 1],
    ] as const) {
      expect(
        (await all(composedStream(store, parts, { start, end }))).equals(whole.subarray(start, end + 1)),
      ).toBe(true);
    }
  });

  it('reads slices of stored blobs, one blob cut and joined around another', async () => {
    const content = bytes(400_000, 5);
    const inserted = bytes(70_001, 9);
    await store.put('audio/content.mp3', Readable.from([content]), 'audio/mpeg');
    await store.put('audio/inserted.mp3', Readable.from([inserted]), 'audio/mpeg');
    const cut = 123_457;
    const parts: Part[] = [
      { bytes: bytes(10, 2) },
      { key: 'audio/content.mp3', size: cut },
      { key: 'audio/inserted.mp3', size: inserted.length },
      { key: 'audio/content.mp3', start: cut, size: content.length - cut },
    ];
    const whole = Buffer.concat([bytes(10, 2), content.subarray(0, cut), inserted, content.subarray(cut)]);
    expect(composedLength(parts)).toBe(whole.length);
    expect((await all(composedStream(store, parts))).equals(whole)).toBe(true);
    for (let i = 0; i < 200; i++) {
      const start = Math.floor(Math.random() * whole.length);
      const end = Math.min(whole.length - 1, start + Math.floor(Math.random() * 300_000));
      const read = await all(composedStream(store, parts, { start, end }));
      expect(read.equals(whole.subarray(start, end + 1))).toBe(true);
    }
  });

  it('reads a range past a megabyte as it is taken, and fails a read of a missing blob either way', async () => {
    const long = bytes(1_500_000, 4);
    await store.put('audio/long.mp3', Readable.from([long]), 'audio/mpeg');
    const parts: Part[] = [
      { bytes: bytes(100, 6) },
      { key: 'audio/long.mp3', size: 700_000 },
      { key: 'audio/long.mp3', start: 700_000, size: long.length - 700_000 },
    ];
    const whole = Buffer.concat([bytes(100, 6), long]);
    const range = { start: 50, end: 1_400_000 };
    expect((await all(composedStream(store, parts, range))).equals(whole.subarray(50, 1_400_001))).toBe(true);
    const missing: Part[] = [{ bytes: bytes(10, 1) }, { key: 'audio/gone.mp3', size: 2_000_000 }];
    await expect(all(composedStream(store, missing, { start: 0, end: 100 }))).rejects.toThrow(/gone/);
    await expect(all(composedStream(store, missing, { start: 0, end: 1_999_999 }))).rejects.toThrow(/gone/);
  });
});
