import { open } from 'node:fs/promises';

/** MPEG-1 Layer III bitrates (kb/s) by header index, and sample rates (Hz). */
export const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44_100, 48_000, 32_000];
export const SAMPLES_PER_FRAME = 1152;
const WINDOW_BYTES = 1 << 20;
/** The side information follows the 4-byte header (and a 2-byte CRC when the header says so). */
const SIDE_INFO_START = 6;

/** Where each frame of an MP3 starts, and what they all are. */
export interface FrameIndex {
  /** Byte offset of each frame, in order, then the end of the last one. */
  offsets: Uint32Array;
  bitrateKbps: number;
  sampleRate: number;
}

/**
 * Reads an MPEG-1 Layer III file of bare frames (no tags, one bitrate: the house format) and finds
 * every frame's first byte, so later work can cut and join it without decoding. Throws when the
 * file is anything else: the index is only worth keeping if every cut it offers is clean.
 */
export async function indexMp3Frames(path: string): Promise<FrameIndex> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const offsets: number[] = [];
    const window = Buffer.alloc(WINDOW_BYTES);
    let windowAt = 0;
    let windowLength = 0;
    let at = 0;
    let format: { bitrateKbps: number; sampleRate: number } | undefined;
    while (at < size) {
      if (at + SIDE_INFO_START + 2 > windowAt + windowLength) {
        windowAt = at;
        windowLength = (await file.read(window, 0, WINDOW_BYTES, at)).bytesRead;
      }
      const head = window.subarray(at - windowAt, at - windowAt + SIDE_INFO_START + 2);
      const frame = parseHeader(head);
      if (!frame) throw new Error(`no frame header at byte ${at}`);
      if (borrowsFromReservoir(head))
        throw new Error(`the frame at byte ${at} borrows bytes from the frames before it`);
      format ??= { bitrateKbps: frame.bitrateKbps, sampleRate: frame.sampleRate };
      if (frame.bitrateKbps !== format.bitrateKbps || frame.sampleRate !== format.sampleRate) {
        throw new Error(`frame at byte ${at} is ${frame.bitrateKbps} kb/s, not ${format.bitrateKbps}`);
      }
      offsets.push(at);
      at += frame.bytes;
    }
    if (!format || at !== size) throw new Error('the file does not end on a frame boundary');
    offsets.push(size);
    return { offsets: Uint32Array.from(offsets), ...format };
  } finally {
    await file.close();
  }
}

/** An MPEG-1 Layer III frame header's bitrate, sample rate and frame length; undefined otherwise. */
export function parseHeader(
  bytes: Buffer,
): { bitrateKbps: number; sampleRate: number; bytes: number } | undefined {
  const [b0, b1, b2] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  // Sync (11 bits), MPEG-1 (11), Layer III (01).
  if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) return undefined;
  const bitrateKbps = BITRATES[b2 >> 4];
  const sampleRate = SAMPLE_RATES[(b2 >> 2) & 0x3];
  if (!bitrateKbps || !sampleRate) return undefined;
  const padding = (b2 >> 1) & 0x1;
  return { bitrateKbps, sampleRate, bytes: Math.floor((144_000 * bitrateKbps) / sampleRate) + padding };
}

/**
 * Whether a frame's audio data starts in the frames before it (the bit reservoir: its side
 * information's first 9 bits, main_data_begin, are not 0). Such a frame cannot follow a cut.
 */
export function borrowsFromReservoir(frame: Buffer): boolean {
  const side = ((frame[1] ?? 0) & 0x1) === 0 ? 6 : 4;
  return (((frame[side] ?? 0) << 1) | ((frame[side + 1] ?? 0) >> 7)) !== 0;
}

/** The index as stored: little-endian 32-bit offsets. */
export function frameIndexBytes(index: FrameIndex): Buffer {
  const bytes = Buffer.alloc(index.offsets.length * 4);
  index.offsets.forEach((offset, i) => bytes.writeUInt32LE(offset, i * 4));
  return bytes;
}
