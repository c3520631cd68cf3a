import { JobFailure } from '@podz/kit';
import type { Loudness } from '@podz/proto';

/** An upload's loudness as the measuring pass reads it, with the gate loudnorm's second pass wants. */
export type MeasuredLoudness = Loudness & { threshold: number };

/** What loudnorm prints at the end of a run with `print_format=json`. */
export interface LoudnormReport {
  output: Loudness;
  /** What the second pass needs besides the input's measures. */
  targetOffset: number;
}

/** The last loudnorm JSON block in ffmpeg's stderr: the rendition's loudness as loudnorm left it. */
export function loudnormReport(stderr: string): LoudnormReport {
  const start = stderr.lastIndexOf('{');
  const end = stderr.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error('ffmpeg printed no loudness report');
  const raw = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  const value = (name: string) => Number(raw[name]);
  return {
    output: { integrated: value('output_i'), range: value('output_lra'), truePeak: value('output_tp') },
    targetOffset: value('target_offset'),
  };
}

/**
 * The summary ebur128 (with `peak=true`) prints when its run ends: integrated loudness and its gate,
 * loudness range and true peak, the measures loudnorm's first pass gives (the same BS.1770 meter) at
 * a quarter of its cost, as loudnorm meters at 192 kHz. A file whose loudness cannot be measured
 * (silence's true peak is -inf) fails: there is nothing to level or to listen to.
 */
export function ebur128Summary(stderr: string): MeasuredLoudness {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) throw new Error('ffmpeg printed no loudness summary');
  const summary = stderr.slice(at);
  const read = (label: RegExp) => {
    const found = label.exec(summary)?.[1];
    return found ? Number(found.replace(/^(-?)inf$/, '$1Infinity')) : Number.NaN;
  };
  const measured = {
    integrated: read(/Integrated loudness:\s+I:\s+(\S+) LUFS/),
    threshold: read(/Integrated loudness:\s+I:\s+\S+ LUFS\s+Threshold:\s+(\S+) LUFS/),
    range: read(/LRA:\s+(\S+) LU/),
    truePeak: read(/Peak:\s+(\S+) dBFS/),
  };
  if (!Number.isFinite(measured.integrated) || !Number.isFinite(measured.truePeak)) {
    throw new JobFailure('The audio is silent: its loudness cannot be measured');
  }
  return measured;
}
