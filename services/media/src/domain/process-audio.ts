import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { JobFailure, pendingEvent, type PendingEvent, type RunningJob } from '@podz/kit';
import { AUDIO_HOUSE, audioRendered } from '@podz/proto';
import type { ProcessedAudio } from '../data/media-models';
import { measureAudio } from '../audio/measure-audio';
import { frameIndexBytes, indexMp3Frames, SAMPLES_PER_FRAME } from '../audio/mp3-frames';
import { renderHouseFormat } from '../audio/render-house-format';
import { TAG_BYTES } from '../tags/id3-writer';
import { derivedKeys } from './derived-keys';
import { levelsUpload } from './levelling';
import type { MediaPorts } from './media-ports';

/** Each stage's share of the whole job, for the percent the owner watches. */
const MEASURE = { from: 0, to: 30 };
const RENDER = { from: 30, to: 92 };

/**
 * An audio upload's processing job: copy the original (kept as it is) to a working folder, measure
 * it (loudness, silences, waveform), render the house format (levelled to the network's target
 * unless the show playing it turned that off), index its frames, and store the three results under
 * the upload's id. Resolves with what the upload's record keeps, and the event that moves episodes
 * onto the rendition; a file ffmpeg cannot read fails with ffmpeg's reason. ffmpeg runs at
 * `niceness` (run-ffmpeg's default unless said).
 */
export async function processAudio(
  deps: Pick<MediaPorts, 'library' | 'blobs' | 'copies' | 'audioSettings'>,
  job: RunningJob,
  niceness?: number,
): Promise<{ processed: ProcessedAudio; events: PendingEvent[] }> {
  const record = await deps.library.findById(job.id);
  if (!record || record.kind !== 'audio') throw new JobFailure('The upload is gone');
  // Read as the job starts: a change of the target or of the show's switch reaches the next job.
  const targetLufs = (await levelsUpload(deps, record))
    ? (await deps.audioSettings.current()).targetLufs
    : null;
  const work = await mkdtemp(path.join(tmpdir(), 'podz-audio-'));
  try {
    const source = path.join(work, `source.${record.key.split('.').pop() ?? 'audio'}`);
    await pipeline(await deps.blobs.read(record.key), createWriteStream(source));
    const share = (stage: string, span: { from: number; to: number }) => (fraction: number) =>
      job.progress(stage, span.from + (span.to - span.from) * fraction);
    const expected = record.durationSeconds ?? 0;
    share('measuring', MEASURE)(0);
    const measures = await measureAudio(source, expected, job.signal, share('measuring', MEASURE), niceness);
    const output = path.join(work, 'house.mp3');
    share('levelling', RENDER)(0);
    const rendition = await renderHouseFormat(
      source,
      output,
      { measured: measures.loudness, mono: measures.mono, targetLufs, seconds: measures.seconds, niceness },
      job.signal,
      share('levelling', RENDER),
    );
    job.progress('storing', RENDER.to);
    const frames = await indexMp3Frames(output).catch((err: Error) => {
      throw new Error(`the rendition is not clean house format: ${err.message}`);
    });
    const keys = derivedKeys(job.id);
    const stored = await deps.blobs.put(keys.rendition, createReadStream(output), 'audio/mpeg');
    await deps.blobs.put(keys.frames, Readable.from([frameIndexBytes(frames)]), 'application/octet-stream');
    const waveform = Buffer.from(JSON.stringify(measures.waveform));
    await deps.blobs.put(keys.waveform, Readable.from([waveform]), 'application/json');
    const frameCount = frames.offsets.length - 1;
    const { threshold: _threshold, ...loudness } = measures.loudness;
    const processed: ProcessedAudio = {
      loudness,
      rendition: {
        key: keys.rendition,
        bytes: TAG_BYTES + stored.bytes,
        headBytes: TAG_BYTES,
        bitrateKbps: frames.bitrateKbps,
        durationSeconds: Math.round(((frameCount * SAMPLES_PER_FRAME) / AUDIO_HOUSE.sampleRate) * 100) / 100,
        frames: frameCount,
        targetLufs: rendition.targetLufs,
        loudness: rendition.loudness,
      },
      waveformKey: keys.waveform,
      framesKey: keys.frames,
      silences: measures.silences,
    };
    // Episodes move onto the rendition when catalog hears of it.
    const made = pendingEvent(audioRendered, job.id, {
      uploadId: job.id,
      original: `/media/${record.key}`,
      rendition: {
        url: `/media/${keys.rendition}`,
        type: 'audio/mpeg',
        bytes: processed.rendition.bytes,
        durationSeconds: processed.rendition.durationSeconds,
      },
    });
    return { processed, events: [made] };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
