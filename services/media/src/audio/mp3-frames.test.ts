import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeErrors, speechLike } from '../../test/support/speech-like';
import { indexMp3Frames } from './mp3-frames';
import { HOUSE_ENCODING } from './render-house-format';

// The house format's promise: every frame boundary is a clean cut. Encoded without the bit
// reservoir, any frames joined in any order decode without an error; with it, the index refuses
// the file, since the frame after a cut would read bytes of a frame that is no longer before it.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podz-frames-'));
  writeFileSync(
    path.join(dir, 'source.wav'),
    speechLike({ seconds: 12, amplitude: 0.3, channels: 2, format: 'wav' }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function encode(reservoir: boolean): string {
  const out = path.join(dir, `reservoir-${reservoir}.mp3`);
  // The house format's own encoding, with the reservoir as asked.
  const encoding = HOUSE_ENCODING.map((arg, i) =>
    HOUSE_ENCODING[i - 1] === '-reservoir' && reservoir ? '1' : arg,
  );
  execFileSync('ffmpeg', ['-v', 'error', '-i', path.join(dir, 'source.wav'), ...encoding, '-y', out]);
  return out;
}

describe('the frame index', () => {
  it('finds every frame of a house-format file, and its cuts join without a decoding error', async () => {
    const file = encode(false);
    const index = await indexMp3Frames(file);
    const bytes = readFileSync(file);
    const frames = index.offsets.length - 1;
    expect(index).toMatchObject({ bitrateKbps: 128, sampleRate: 44_100 });
    // 12 s at 1,152 samples a frame, plus the encoder's delay and padding.
    expect(frames).toBeGreaterThanOrEqual(Math.floor((12 * 44_100) / 1152));
    expect(index.offsets[frames]).toBe(bytes.length);
    for (const offset of index.offsets.slice(0, frames)) expect(bytes[offset]).toBe(0xff);
    const cut = (from: number, to: number) => bytes.subarray(index.offsets[from], index.offsets[to]);
    // A pre-roll made of the file's end, the start, a mid-roll from elsewhere, the rest.
    const joined = Buffer.concat([cut(frames - 80, frames), cut(0, 200), cut(350, 420), cut(200, frames)]);
    expect(decodeErrors(joined)).toBe('');
  });

  it('refuses a file whose frames borrow from the bit reservoir', async () => {
    await expect(indexMp3Frames(encode(true))).rejects.toThrow(/borrows bytes from the frames before it/);
  });

  it('refuses a file with anything but frames in it', async () => {
    const tagged = path.join(dir, 'tagged.mp3');
    writeFileSync(
      tagged,
      Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), readFileSync(encode(false))]),
    );
    await expect(indexMp3Frames(tagged)).rejects.toThrow(/no frame header at byte 0/);
  });
});
