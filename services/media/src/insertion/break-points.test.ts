import { breakPoints, byRule } from './break-points';
import { frameAt } from './stitch-plan';

// Where an episode's breaks fall: the owner's, or the network's rule over the pipeline's silences.

const audio = {
  durationSeconds: 600,
  frames: frameAt(600, Number.MAX_SAFE_INTEGER),
  // Longest first, as the pipeline keeps them.
  silences: [
    { start: 100, end: 103 },
    { start: 300, end: 301 },
    { start: 250, end: 250.5 },
  ],
};

describe('break points', () => {
  it('are the owner’s when set: pre at the first frame, mids at their frames, post at the end', () => {
    expect(breakPoints({ preRoll: true, midRolls: [120, 400], postRoll: true }, byRuleOff, audio)).toEqual([
      { position: 'pre', atFrame: 0 },
      { position: 'mid', atFrame: frameAt(120, audio.frames) },
      { position: 'mid', atFrame: frameAt(400, audio.frames) },
      { position: 'post', atFrame: audio.frames },
    ]);
  });

  it('drop a mid-roll the audio no longer fits', () => {
    const set = { preRoll: false, midRolls: [120, 590], postRoll: false };
    expect(breakPoints(set, byRuleOff, audio)).toEqual([
      { position: 'mid', atFrame: frameAt(120, audio.frames) },
    ]);
  });

  it('follow the rule without the owner’s: a mid-roll in the first silence after its share of the episode', () => {
    const rule = { preRoll: true, midRollAfter: 0.4, postRoll: false };
    // 40 % of 600 s is 240 s: the silence at 250 s is the first after it, though not the longest.
    expect(byRule(rule, audio)).toEqual({ preRoll: true, midRolls: [250.25], postRoll: false });
    expect(breakPoints(null, rule, audio)).toEqual([
      { position: 'pre', atFrame: 0 },
      { position: 'mid', atFrame: frameAt(250.25, audio.frames) },
    ]);
  });

  it('place no mid-roll by rule without a silence after its share, or with the mid-roll off', () => {
    expect(byRule({ preRoll: false, midRollAfter: 0.9, postRoll: true }, audio).midRolls).toEqual([]);
    expect(byRule({ preRoll: false, midRollAfter: null, postRoll: true }, audio).midRolls).toEqual([]);
  });
});

const byRuleOff = { preRoll: false, midRollAfter: null, postRoll: false };
