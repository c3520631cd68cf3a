import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { JobFailure } from '@podz/kit';

export interface FfmpegRun {
  args: string[];
  signal?: AbortSignal;
  /** The input's length, to turn ffmpeg's progress into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  /** Takes what ffmpeg writes to `pipe:1`. */
  onStdout?: (chunk: Buffer) => void;
  /** ffmpeg's niceness; `NICENESS` unless said. */
  niceness?: number;
}

/** Below the service's own priority: requests are answered first, jobs take what is left. */
const NICENESS = 10;
const STDERR_MAX = 8 * 1024 * 1024;
/** ffmpeg's closing lines after a failure, which say only that the line before them matters. */
const GENERIC = [
  'Conversion failed!',
  'Error reinitializing filters!',
  'Failed to inject frame',
  'Error while processing the decoded data',
];

/**
 * Runs Debian's ffmpeg (`ffmpeg` on PATH) and resolves with what it wrote to stderr, where its
 * filters report (ebur128's summary, loudnorm's JSON, silencedetect's lines). Progress comes on fd 3. A run that
 * exits with an error rejects with a JobFailure carrying ffmpeg's own last words, with the
 * machine's paths taken out: that is the reason the owner reads.
 */
export function runFfmpeg(run: FfmpegRun, paths: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:3', ...run.args],
      { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], signal: run.signal },
    );
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, run.niceness ?? NICENESS);
      } catch {
        // A process that already ended, or a system that refuses: the job runs all the same.
      }
    }
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_MAX) stderr += chunk.toString('utf8');
    });
    child.stdout?.on('data', (chunk: Buffer) => run.onStdout?.(chunk));
    const progress = child.stdio[3] as NodeJS.ReadableStream | null;
    let pending = '';
    progress?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && run.durationSeconds && run.onProgress) {
          run.onProgress(Math.min(1, Number(match[1]) / 1e6 / run.durationSeconds));
        }
      }
    });
    child.once('error', (err) => reject(run.signal?.aborted ? run.signal.reason : err));
    child.once('close', (code) => {
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (code === 0) resolve(stderr);
      else reject(new JobFailure(`The audio could not be processed: ${lastWords(stderr, paths)}`));
    });
  });
}

/** ffmpeg's last error line, without the files' paths on this machine. */
export function lastWords(stderr: string, paths: string[]): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('[out#') && !/^(size|video|progress)=/.test(line))
    .filter((line) => !GENERIC.some((words) => line.includes(words)));
  let last = lines.at(-1) ?? 'ffmpeg stopped without saying why';
  for (const path of paths) last = last.split(path).join('the file');
  return last.replace(/^\[[^\]]+ @ 0x[0-9a-f]+\]\s*/, '').slice(0, 300);
}
