import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { composedLength, composedStream, LocalBlobStore, type Part } from '@podz/kit/blobs';
import { HOUSE_ENCODING } from '../src/audio/render-house-format';
import { frameIndexBytes, indexMp3Frames, SAMPLES_PER_FRAME } from '../src/audio/mp3-frames';
import { FrameOffsets } from '../src/insertion/frame-offsets';
import { frameAt, framesMs, joinedSeconds, stitchPlan, type HouseAudio } from '../src/insertion/stitch-plan';
import { id3Tag } from '../src/tags/id3-writer';
import { decodedSamples, decodeErrors, probe, speechLikeFile } from './support/speech-like';

// Content and creatives joined at frame boundaries of the house format, read back the way apps
// read them: every frame decodes, the whole lasts content plus what was inserted, every range is
// the same bytes as the whole, the inserted audio plays where it was put, and chapters move with it.

let dir: string;
let store: LocalBlobStore;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podz-stitch-'));
  store = new LocalBlobStore(path.join(dir, 'blobs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file in the house format, stored with its frame index as the pipeline stores a rendition. */
async function houseAudio(name: string, source: string[]): Promise<HouseAudio & { framesKey: string }> {
  const file = path.join(dir, `${name}.mp3`);
  execFileSync('ffmpeg', ['-v', 'error', ...source, ...HOUSE_ENCODING, '-y', file]);
  const index = await indexMp3Frames(file);
  const key = `audio/${name}.house.mp3`;
  const framesKey = `frames/${name}.bin`;
  const stored = await store.put(key, Readable.from([readFileSync(file)]), 'audio/mpeg');
  await store.put(framesKey, Readable.from([frameIndexBytes(index)]), 'application/octet-stream');
  return { key, framesKey, bytes: stored.bytes, frames: index.offsets.length - 1 };
}

async function read(parts: Part[], range?: { start: number; end: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of composedStream(store, parts, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How much of `expected` is left in `heard` (0: the same samples): RMS of the difference ÷ RMS. */
function difference(heard: Float32Array, expected: Float32Array): number {
  let diff = 0;
  let power = 0;
  for (let i = 0; i < expected.length; i++) {
    diff += ((heard[i] ?? 0) - expected[i]!) ** 2;
    power += expected[i]! ** 2;
  }
  return Math.sqrt(diff / power);
}

describe('a stitched file', () => {
  it('joins creatives into content at frame boundaries: clean decode, exact ranges, audio in place, chapters moved', async () => {
    const speech = path.join(dir, 'speech.wav');
    speechLikeFile({ seconds: 30, amplitude: 0.3, channels: 2, format: 'wav' }, speech);
    const content = await houseAudio('content', ['-i', speech]);
    const creative = await houseAudio('creative', ['-f', 'lavfi', '-i', 'sine=f=1000:d=4']);
    const offsets = new FrameOffsets(store);

    const mid = frameAt(12, content.frames);
    const insertions = await Promise.all(
      [0, mid, content.frames].map(async (atFrame) => ({
        atFrame,
        atByte: await offsets.of(content.framesKey, atFrame),
        audio: creative,
      })),
    );
    expect(insertions.map((one) => one.atByte)).toEqual([0, insertions[1]!.atByte, content.bytes]);
    const plan = stitchPlan(content, insertions);
    const chapters = [
      { startTime: 0, title: 'Opening' },
      { startTime: 12, title: 'After the break' },
      { startTime: 20, title: 'Late' },
    ];
    const durationMs = framesMs(plan.frames);
    const head = id3Tag({
      title: 'Stitched',
      show: 'Bench',
      artist: 'PODZ',
      year: 2026,
      artwork: null,
      chapters: chapters.map((one) => ({ ...one, startTime: joinedSeconds(one.startTime, plan.placed) })),
      durationMs,
    });
    const parts: Part[] = [{ bytes: head }, ...plan.parts];
    const whole = await read(parts);
    expect(whole.length).toBe(composedLength(parts));
    expect(whole.length).toBe(head.length + plan.bytes);

    // Every frame decodes, and players reckon the whole's length from the Info frame.
    expect(decodeErrors(whole)).toBe('');
    const probed = probe(whole);
    const frameSeconds = SAMPLES_PER_FRAME / 44_100;
    const expected = ((content.frames + 3 * creative.frames) * SAMPLES_PER_FRAME) / 44_100;
    expect(Math.abs(probed.duration - expected)).toBeLessThanOrEqual(frameSeconds);

    // Chapters start where their content now is: after every break at or before them.
    const creativeSeconds = framesMs(creative.frames) / 1000;
    expect(probed.chapters.map(([start]) => start)).toEqual([
      expect.closeTo(creativeSeconds, 2),
      expect.closeTo(12 + 2 * creativeSeconds, 2),
      expect.closeTo(20 + 2 * creativeSeconds, 2),
    ]);

    // The creative plays where it was put, as it sounds alone (its first and last frames aside,
    // which the decoder blends with the frames beside them).
    const heard = decodedSamples(whole);
    const alone = decodedSamples(await read([{ key: creative.key, size: creative.bytes }]));
    const inner = alone.subarray(2 * SAMPLES_PER_FRAME, alone.length - 2 * SAMPLES_PER_FRAME);
    for (const placed of plan.placed) {
      const at = Math.round((placed.atMs / 1000) * 44_100) + 2 * SAMPLES_PER_FRAME;
      expect(difference(heard.subarray(at, at + inner.length), inner)).toBeLessThan(0.01);
    }
    // ...and the content after the mid-roll is the content's own.
    const original = decodedSamples(await read([{ key: content.key, size: content.bytes }]));
    const contentAfter = original.subarray((mid + 2) * SAMPLES_PER_FRAME, (mid + 200) * SAMPLES_PER_FRAME);
    const heardAt = (mid + 2 * creative.frames + 2) * SAMPLES_PER_FRAME;
    expect(difference(heard.subarray(heardAt, heardAt + contentAfter.length), contentAfter)).toBeLessThan(
      0.01,
    );

    // Any range is the same bytes as the whole's.
    for (let i = 0; i < 1000; i++) {
      const start = Math.floor(Math.random() * whole.length);
      const end = Math.min(whole.length - 1, start + Math.floor(Math.random() * 400_000));
      expect((await read(parts, { start, end })).equals(whole.subarray(start, end + 1))).toBe(true);
    }
  });
});
