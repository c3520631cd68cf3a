import { deflateSync } from 'node:zlib';

/**
 * Real, small media made on the spot for the demo network and for tests: nothing is downloaded.
 */

export interface ToneOptions {
  seconds: number;
  /** A melody, in Hz: each note gets an equal share of the time. */
  notes: number[];
  sampleRate?: number;
}

// Read once: every read of a global in a loop costs a lookup on the global object, some thirty times
// an ordinary read where that object is a vm context's (as in every jest suite that makes audio).
const { sin, round, min, max, floor, hypot, PI } = Math;

/** A playable 16-bit mono PCM WAV of a short melody, each note faded in and out (no clicks). */
export function wavTone({ seconds, notes, sampleRate = 8000 }: ToneOptions): Buffer {
  const samples = round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  const perNote = max(1, floor(samples / max(1, notes.length)));
  const fade = min(floor(sampleRate * 0.02), floor(perNote / 2));
  for (let i = 0; i < samples; i += 1) {
    const index = min(notes.length - 1, floor(i / perNote));
    const local = i - index * perNote;
    const envelope = min(1, local / max(1, fade), (perNote - local) / max(1, fade));
    const value = sin((2 * PI * (notes[index] ?? 440) * i) / sampleRate) * 0.4 * max(0, envelope);
    data.writeInt16LE(round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const rgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
};

export interface CoverOptions {
  size: number;
  seed: number;
  colors: [string, string];
}

/**
 * A square RGB PNG: a diagonal gradient between two colours with concentric rings placed by the
 * seed, so every show gets its own cover. Flat bands keep the file small.
 */
export function pngCover({ size, seed, colors }: CoverOptions): Buffer {
  const [from, to] = [rgb(colors[0]), rgb(colors[1])];
  const cx = ((seed * 7919) % 100) / 100;
  const cy = ((seed * 104729) % 100) / 100;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const distance = hypot(x / size - cx, y / size - cy);
      const ring = floor(distance * 8) % 2 === 0;
      const t = round(((x + y) / (2 * size)) * 8) / 8;
      for (let c = 0; c < 3; c += 1) {
        const start = from[c] ?? 0;
        const base = start + ((to[c] ?? 0) - start) * t;
        row[1 + x * 3 + c] = max(0, min(255, round(ring ? base : base * 0.8)));
      }
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A playable MP3 of silence: MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz, whose side
 * information is all zero (no bits for any granule, which decoders play as silence).
 */
export function mp3Silence(seconds: number): Buffer {
  const frameBytes = 417; // 144 × 128,000 / 44,100, no padding
  const frames = Math.ceil((seconds * 44_100) / 1152);
  const frame = Buffer.alloc(frameBytes);
  frame.writeUInt32BE(0xfffb9000, 0); // sync, MPEG-1, Layer III, no CRC, 128 kbit/s, 44.1 kHz, stereo
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

export interface TagChapter {
  startSeconds: number;
  endSeconds: number;
  title: string;
  url?: string;
}

/**
 * An ID3v2.3 tag holding chapters as the Chapter Frame Addendum writes them: a top-level ordered
 * `CTOC` naming every `CHAP`, each with a `TIT2` title (UTF-16 with BOM) and an optional `WXXX` link.
 */
export function id3ChapterTag(chapters: TagChapter[]): Buffer {
  const frame = (id: string, data: Buffer) => {
    const head = Buffer.alloc(10);
    head.write(id, 0, 'latin1');
    head.writeUInt32BE(data.length, 4);
    return Buffer.concat([head, data]);
  };
  const utf16 = (text: string) => Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const ids = chapters.map((_, i) => `chp${i}`);
  const toc = frame(
    'CTOC',
    Buffer.concat([
      Buffer.from('toc\0', 'latin1'),
      Buffer.from([0x03, chapters.length]),
      ...ids.map((id) => Buffer.from(`${id}\0`, 'latin1')),
    ]),
  );
  const chaps = chapters.map((chapter, i) => {
    const times = Buffer.alloc(16, 0xff);
    times.writeUInt32BE(Math.round(chapter.startSeconds * 1000), 0);
    times.writeUInt32BE(Math.round(chapter.endSeconds * 1000), 4);
    return frame(
      'CHAP',
      Buffer.concat([
        Buffer.from(`${ids[i]}\0`, 'latin1'),
        times,
        frame('TIT2', utf16(chapter.title)),
        ...(chapter.url ? [frame('WXXX', Buffer.from(`\0\0${chapter.url}`, 'latin1'))] : []),
      ]),
    );
  });
  const body = Buffer.concat([toc, ...chaps]);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const size = body.length;
  header[6] = (size >> 21) & 0x7f;
  header[7] = (size >> 14) & 0x7f;
  header[8] = (size >> 7) & 0x7f;
  header[9] = size & 0x7f;
  return Buffer.concat([header, body]);
}
