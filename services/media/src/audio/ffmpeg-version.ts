import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The oldest ffmpeg whose ebur128, loudnorm, silencedetect and libmp3lame options the pipeline uses. */
const MIN_MAJOR = 5;

/**
 * Checks at start that the machine's ffmpeg can run the pipeline: present, new enough, with
 * libmp3lame. A worker without one refuses to start rather than fail every job.
 */
export async function checkFfmpeg(): Promise<string> {
  let out: string;
  try {
    out = (await promisify(execFile)('ffmpeg', ['-hide_banner', '-version'])).stdout;
  } catch {
    throw new Error("ffmpeg is not installed: run scripts/ensure-debian.sh ffmpeg ffmpeg (Debian's package)");
  }
  const version = /^ffmpeg version (\S+)/.exec(out)?.[1] ?? 'unknown';
  const major = Number(/^n?(\d+)\./.exec(version)?.[1]);
  if (!(major >= MIN_MAJOR))
    throw new Error(`ffmpeg ${version} is too old: the pipeline needs ${MIN_MAJOR} or later`);
  if (!out.includes('--enable-libmp3lame')) throw new Error(`ffmpeg ${version} has no libmp3lame`);
  return version;
}
