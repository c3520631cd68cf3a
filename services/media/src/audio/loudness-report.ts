import { JobFailure } from '@podz/kit';
import type { Loudness } from '@podz/proto';

/** What loudnorm prints at the end of a run with `print_format=json`. */
export interface LoudnormReport {
  input: Loudness & { threshold: number };
  output: Loudness;
  /** What the second pass needs besides the input's measures. */
  targetOffset: number;
}

/**
 * The last loudnorm JSON block in ffmpeg's stderr. A file whose loudness cannot be measured
 * (silence measures -inf) fails: there is nothing to level or to listen to.
 */
export function loudnormReport(stderr: string): LoudnormReport {
  const start = stderr.lastIndexOf('{');
  const end = stderr.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error('ffmpeg printed no loudness report');
  const raw = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  const value = (name: string) => Number(raw[name]);
  const report: LoudnormReport = {
    input: {
      integrated: value('input_i'),
      range: value('input_lra'),
      truePeak: value('input_tp'),
      threshold: value('input_thresh'),
    },
    output: { integrated: value('output_i'), range: value('output_lra'), truePeak: value('output_tp') },
    targetOffset: value('target_offset'),
  };
  if (!Number.isFinite(report.input.integrated) || !Number.isFinite(report.input.truePeak)) {
    throw new JobFailure('The audio is silent: its loudness cannot be measured');
  }
  return report;
}
