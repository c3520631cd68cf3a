import { shiftedTranscript } from './shifted-transcript';
import type { Placed } from './stitch-plan';

// A 3 s creative put before the content's 10 s mark (and a pre-roll of 2 s).
const placed: Placed[] = [
  { atFrame: 0, contentAtMs: 0, atMs: 0, durationMs: 2000, start: 0, end: 1 },
  { atFrame: 383, contentAtMs: 10_000, atMs: 12_000, durationMs: 3000, start: 2, end: 3 },
];

describe('a transcript on a listener’s joined timeline', () => {
  it('moves WebVTT cues by what was inserted before them, a cue ending at a break not across it', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:10.000',
      'Before the break',
      '',
      '00:00:10.000 --> 00:00:12.500 align:start',
      'After it, at 10.000 in the text',
    ].join('\n');
    expect(shiftedTranscript(vtt, 'vtt', placed).split('\n')).toEqual([
      'WEBVTT',
      '',
      '00:00:02.000 --> 00:00:12.000',
      'Before the break',
      '',
      '00:00:15.000 --> 00:00:17.500 align:start',
      'After it, at 10.000 in the text',
    ]);
  });

  it('moves the JSON transcript’s segments, and leaves a file without inserts as it was', () => {
    const json = JSON.stringify({
      version: '1.0.0',
      segments: [
        { speaker: 'Ana', startTime: 1.5, endTime: 10, body: 'Hello' },
        { speaker: 'Ana', startTime: 10, endTime: 11.25, body: 'again' },
      ],
    });
    expect(JSON.parse(shiftedTranscript(json, 'json', placed))).toEqual({
      version: '1.0.0',
      segments: [
        { speaker: 'Ana', startTime: 3.5, endTime: 12, body: 'Hello' },
        { speaker: 'Ana', startTime: 15, endTime: 16.25, body: 'again' },
      ],
    });
    expect(shiftedTranscript(json, 'json', [])).toBe(json);
  });
});
