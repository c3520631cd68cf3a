import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SpeechLike {
  seconds: number;
  /** Amplitude of the pink noise, 0–1: about -30 LUFS at 0.05, -10 at 0.9. */
  amplitude: number;
  channels: 1 | 2;
  /** How ffmpeg writes it: `mp3` (128 kb/s) or `wav`. */
  format: 'mp3' | 'wav';
  /** ID3v2 tags to carry, as ffmpeg's `-metadata` pairs (mp3 only). */
  metadata?: Record<string, string>;
}

/** Where its pauses are: 1.5 s of silence from second 6 of every 10. */
export const PAUSES = { every: 10, from: 6, to: 7.5 };

/**
 * Audio with speech's shape, made by Debian's ffmpeg: pink noise whose level swings three times
 * a second, with a pause every ten seconds. Nothing is downloaded.
 */
export function speechLike(options: SpeechLike): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-speech-'));
  try {
    const file = path.join(dir, `take.${options.format}`);
    speechLikeFile(options, file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same, written to `file` (an hour of it is better kept out of memory until read). */
export function speechLikeFile(options: SpeechLike, file: string): void {
  const source = [
    `anoisesrc=d=${options.seconds}:c=pink:r=44100:a=${options.amplitude}`,
    // Speech's band: little above 8 kHz.
    'lowpass=f=8000',
    'tremolo=f=3:d=0.7',
    `volume='if(between(mod(t,${PAUSES.every}),${PAUSES.from},${PAUSES.to}),0,1)':eval=frame`,
  ].join(',');
  const tags = Object.entries(options.metadata ?? {}).flatMap(([name, value]) => [
    '-metadata',
    `${name}=${value}`,
  ]);
  const codec = options.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:a', 'pcm_s16le'];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-ac',
    String(options.channels),
    ...codec,
    ...tags,
    '-y',
    file,
  ]);
}

/** Runs ffmpeg on `bytes` (written to a file first) and answers its stderr. */
function ffmpegOn(bytes: Buffer, args: (file: string) => string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-ffmpeg-'));
  try {
    const file = path.join(dir, 'file.mp3');
    writeFileSync(file, bytes);
    const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', ...args(file)], { encoding: 'utf8' });
    return run.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** EBU R128 of a file as ffmpeg's loudnorm measures it (integrated LUFS, true peak dBTP), and its channels. */
export function measureLoudness(bytes: Buffer): { integrated: number; truePeak: number; channels: number } {
  const stderr = ffmpegOn(bytes, (file) => [
    '-i',
    file,
    '-af',
    'loudnorm=print_format=json',
    '-f',
    'null',
    '-',
  ]);
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf('{'), stderr.lastIndexOf('}') + 1)) as Record<
    string,
    string
  >;
  const channels = /Audio: [^\n]*, (mono|stereo)/.exec(stderr)?.[1] === 'mono' ? 1 : 2;
  return { integrated: Number(json.input_i), truePeak: Number(json.input_tp), channels };
}

/** What ffmpeg says when it decodes the file at `-v error`: empty when every frame decodes. */
export function decodeErrors(bytes: Buffer): string {
  return ffmpegOn(bytes, (file) => ['-v', 'error', '-i', file, '-f', 'null', '-']).trim();
}

/** A file's tags and chapters as ffprobe reads them: what podcast apps read. */
export function probe(bytes: Buffer): {
  format: Record<string, string>;
  /** Seconds, as the demuxer reckons it (from the Info frame when there is one). */
  duration: number;
  chapters: [number, number, string][];
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-probe-'));
  try {
    const file = path.join(dir, 'file.mp3');
    writeFileSync(file, bytes);
    const out = spawnSync('ffprobe', ['-v', 'error', '-show_format', '-show_chapters', '-of', 'json', file], {
      encoding: 'utf8',
    });
    const probed = JSON.parse(out.stdout) as {
      format: { tags?: Record<string, string>; duration: string };
      chapters: { start_time: string; end_time: string; tags?: { title?: string } }[];
    };
    return {
      format: probed.format.tags ?? {},
      duration: Number(probed.format.duration),
      chapters: probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title ?? '']),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A file decoded to mono 32-bit float samples at 44.1 kHz, as a player would hear it. */
export function decodedSamples(bytes: Buffer): Float32Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-decode-'));
  try {
    const file = path.join(dir, 'file.mp3');
    writeFileSync(file, bytes);
    const pcm = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-ac', '1', '-ar', '44100', '-f', 'f32le', '-'],
      { maxBuffer: 1 << 30 },
    );
    // Copied to a buffer of its own: Node's may start at an offset that is no multiple of 4.
    return new Float32Array(new Uint8Array(pcm).buffer);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
