import { AUDIO_HOUSE } from '@podz/proto';
import { loudnormReport, type LoudnormReport, type MeasuredLoudness } from './loudness-report';
import { runFfmpeg } from './run-ffmpeg';

/** Room below the true-peak target for what MP3 encoding adds between samples. */
const CODEC_HEADROOM_DB = 0.5;
// A WAV's one channel may come without a layout, which pan needs.
/**
 * The house format's encoding: no bit reservoir (every frame's data in the frame itself), no Xing
 * header and no ID3 tag (the file is frames alone).
 */
export const HOUSE_ENCODING = [
  ['-ac', String(AUDIO_HOUSE.channels)],
  ['-ar', String(AUDIO_HOUSE.sampleRate)],
  ['-c:a', 'libmp3lame'],
  ['-b:a', `${AUDIO_HOUSE.bitrateKbps}k`],
  ['-reservoir', '0'],
  ['-write_xing', '0'],
  ['-id3v2_version', '0'],
  ['-f', 'mp3'],
].flat();
const BOTH_SIDES = 'aformat=channel_layouts=mono,pan=stereo|c0=c0|c1=c0';

export interface HouseRendition {
  /** The level it was brought to (LUFS), null when it keeps the upload's own. */
  targetLufs: number | null;
  /** Its loudness as the rendering pass measured its output (the upload's own when not levelled). */
  loudness: LoudnormReport['output'];
}

/** What the second pass is told: the first pass's measures, and the level to bring it to (null: its own). */
export interface RenderOptions {
  measured: MeasuredLoudness;
  mono: boolean;
  targetLufs: number | null;
  seconds: number;
  /** ffmpeg's niceness (run-ffmpeg's default unless said). */
  niceness?: number;
}

/** The second pass's ffmpeg arguments, and the level it brings the file to (null: its own). */
export function houseFormatArgs(
  input: string,
  output: string,
  options: RenderOptions,
): { args: string[]; target: number | null } {
  const level = options.targetLufs !== null;
  const target = (options.targetLufs ?? 0) - (options.mono ? AUDIO_HOUSE.monoOffsetLu : 0);
  const { measured } = options;
  const loudnorm = [
    `I=${target}`,
    `TP=${AUDIO_HOUSE.truePeakDb - CODEC_HEADROOM_DB}`,
    'LRA=11',
    `measured_I=${measured.integrated}`,
    `measured_TP=${measured.truePeak}`,
    `measured_LRA=${measured.range}`,
    `measured_thresh=${measured.threshold}`,
    'linear=true',
    'print_format=json',
  ].join(':');
  // loudnorm works at 192 kHz: the house rate is set after it.
  const resample = `aresample=${AUDIO_HOUSE.sampleRate}`;
  // ffmpeg's own upmix (`-ac 2`) puts a mono source 3 dB down on each side; the house format carries
  // it at full level on both, as a mono file played on two speakers sounds.
  const chain = [...(level ? [`loudnorm=${loudnorm}`] : []), resample, ...(options.mono ? [BOTH_SIDES] : [])];
  const args = ['-i', input, '-map', '0:a:0', '-map_metadata', '-1', '-af', chain.join(',')];
  return { args: [...args, ...HOUSE_ENCODING, '-y', output], target: level ? target : null };
}

/**
 * The second pass over an upload, rendering the house format (stereo, 44.1 kHz, constant bitrate
 * MP3, no tags, no Xing header, no bit reservoir, so that any frame boundary is a clean cut),
 * levelled with loudnorm's measured values to `targetLufs` (the network's stereo target) unless it
 * is null. A mono upload is levelled as mono (`monoOffsetLu` lower), then carried on both channels.
 * The output carries no metadata of the upload's: its tags are PODZ's to write.
 */
export async function renderHouseFormat(
  input: string,
  output: string,
  options: RenderOptions,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<HouseRendition> {
  const { args, target } = houseFormatArgs(input, output, options);
  const stderr = await runFfmpeg(
    { args, signal, durationSeconds: options.seconds, onProgress, niceness: options.niceness },
    [input, output],
  );
  return {
    targetLufs: target,
    loudness: target !== null ? loudnormReport(stderr).output : options.measured,
  };
}
