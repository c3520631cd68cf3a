import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobFailure } from '@podz/kit';
import { measureLoudness, speechLike } from '../../test/support/speech-like';
import { measureAudio } from './measure-audio';

// The measuring pass reads ebur128's summary: it must agree with loudnorm's own first pass, whose
// values the levelling pass is given, and a file with nothing to measure must fail its job.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podz-measure-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stored(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const measure = (file: string, seconds: number) =>
  measureAudio(file, seconds, new AbortController().signal, () => undefined);

// Half a minute: on a few seconds loudnorm reads the edges differently, by up to 0.2 LU.
it('measures what loudnorm measures, within a seventh of a unit', async () => {
  const bytes = speechLike({ seconds: 30, amplitude: 0.3, channels: 2, format: 'wav' });
  const { loudness } = await measure(stored('speech.wav', bytes), 30);
  const loudnorm = measureLoudness(bytes);
  expect(Math.abs(loudness.integrated - loudnorm.integrated)).toBeLessThanOrEqual(0.15);
  expect(Math.abs(loudness.truePeak - loudnorm.truePeak)).toBeLessThanOrEqual(0.15);
  expect(loudness.threshold).toBeCloseTo(loudness.integrated - 10, 0);
  expect(loudness.range).toBeGreaterThanOrEqual(0);
});

it('fails a silent file with its reason', async () => {
  const silence = speechLike({ seconds: 3, amplitude: 0, channels: 2, format: 'wav' });
  const failed = measure(stored('silence.wav', silence), 3);
  await expect(failed).rejects.toThrow(JobFailure);
  await expect(failed).rejects.toThrow('The audio is silent: its loudness cannot be measured');
});
