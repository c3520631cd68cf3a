import { AUDIO_HOUSE, type Silence, type Waveform } from '@podz/proto';
import { JobFailure } from '@podz/kit';
import { ebur128Summary, type MeasuredLoudness } from './loudness-report';
import { runFfmpeg } from './run-ffmpeg';
import { silenceReport } from './silence-report';
import { WaveformBuilder } from './waveform-builder';

/** The waveform's own rate: enough for a few thousand points an hour, cheap to carry out of ffmpeg. */
const WAVEFORM_RATE = 8000;
/** Quieter than speech and its breaths, long enough to be a pause a break could go in. */
const SILENCE = 'noise=-45dB:d=0.7';
/** Decoding errors a file may have (a damaged last frame is common) before it counts as corrupt. */
const DECODE_ERRORS_MAX = 5;

export interface AudioMeasures {
  loudness: MeasuredLoudness;
  mono: boolean;
  seconds: number;
  silences: Silence[];
  waveform: Waveform;
}

/** The first pass's ffmpeg arguments: its PCM for the waveform comes on `pipe:1`. */
export function measuringArgs(input: string): string[] {
  const graph = [
    '[0:a:0]asplit=3[l][s][w]',
    // Frames are logged at verbose, under ffmpeg's level: only the summary is printed.
    '[l]ebur128=peak=true:framelog=verbose,anullsink',
    `[s]silencedetect=${SILENCE},anullsink`,
    `[w]aformat=sample_fmts=s16:channel_layouts=mono,aresample=${WAVEFORM_RATE}[pcm]`,
  ].join(';');
  return ['-i', input, '-filter_complex', graph, '-map', '[pcm]', '-f', 's16le', 'pipe:1'];
}

/**
 * The first pass over an upload, decoding it once: EBU R128 loudness (ebur128's summary),
 * silences (silencedetect) and the waveform (its PCM, downmixed and resampled, read as it comes).
 */
export async function measureAudio(
  input: string,
  expectedSeconds: number,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
  niceness?: number,
): Promise<AudioMeasures> {
  const waveform = WaveformBuilder.forLength(WAVEFORM_RATE, expectedSeconds, AUDIO_HOUSE.waveformPoints);
  const stderr = await runFfmpeg(
    {
      args: measuringArgs(input),
      signal,
      durationSeconds: expectedSeconds,
      onProgress,
      onStdout: (chunk) => waveform.push(chunk),
      niceness,
    },
    [input],
  );
  const errors = stderr.split('\n').filter((line) => line.startsWith('Error while decoding'));
  if (errors.length > DECODE_ERRORS_MAX) {
    throw new JobFailure(
      `The audio is damaged: ${errors.length} stretches of it could not be decoded (${errors[0]?.replace(/^.*: /, '')})`,
    );
  }
  const seconds = waveform.samples / WAVEFORM_RATE;
  if (seconds < 0.05) throw new JobFailure('The audio could not be processed: it has no sound to decode');
  return {
    loudness: ebur128Summary(stderr),
    mono: isMono(stderr),
    seconds,
    silences: silenceReport(stderr, seconds),
    waveform: waveform.finish(),
  };
}

/** Whether ffmpeg's description of the input's first audio stream says one channel. */
function isMono(stderr: string): boolean {
  const stream = /Stream #0:\d+[^\n]*: Audio: [^\n]*/.exec(stderr)?.[0] ?? '';
  return /, (mono|1 channels)\b/.test(stream);
}
