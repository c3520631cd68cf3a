import { AD_BREAKS, type AdBreaks, type BreakRule, type Silence } from '@podz/proto';
import { frameAt } from './stitch-plan';

export type BreakPosition = 'pre' | 'mid' | 'post';

/** A break in one rendition: where it is and the content frame inserted audio goes before. */
export interface BreakPoint {
  position: BreakPosition;
  atFrame: number;
}

/** What a rendition offers breaks: its length and its silences (the pipeline's break candidates). */
export interface BreakableAudio {
  frames: number;
  durationSeconds: number;
  silences: readonly Silence[];
}

/**
 * The breaks of an episode's rendition, in order: those its owner set, or else the network's rule.
 * A mid-roll the audio no longer fits (new, shorter audio) is dropped, not moved.
 */
export function breakPoints(
  set: AdBreaks | null | undefined,
  rule: BreakRule,
  audio: BreakableAudio,
): BreakPoint[] {
  const breaks = set ?? byRule(rule, audio);
  const last = audio.durationSeconds - AD_BREAKS.midRollSpacingSeconds;
  const mids = breaks.midRolls.filter((at) => at >= AD_BREAKS.midRollSpacingSeconds && at <= last);
  return [
    ...(breaks.preRoll ? [{ position: 'pre' as const, atFrame: 0 }] : []),
    ...mids.map((at) => ({ position: 'mid' as const, atFrame: frameAt(at, audio.frames) })),
    ...(breaks.postRoll ? [{ position: 'post' as const, atFrame: audio.frames }] : []),
  ];
}

/**
 * The rule's breaks for an episode: its pre- and post-roll, and a mid-roll in the middle of the
 * first silence that starts once `midRollAfter` of the episode has played (none without one: a cut
 * in the middle of a word is worse than no mid-roll).
 */
export function byRule(rule: BreakRule, audio: BreakableAudio): AdBreaks {
  const from = rule.midRollAfter === null ? null : rule.midRollAfter * audio.durationSeconds;
  const silence =
    from === null
      ? undefined
      : [...audio.silences].sort((a, b) => a.start - b.start).find((one) => one.start >= from);
  return {
    preRoll: rule.preRoll,
    midRolls: silence ? [Math.round(((silence.start + silence.end) / 2) * 1000) / 1000] : [],
    postRoll: rule.postRoll,
  };
}
