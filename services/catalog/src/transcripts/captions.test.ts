import { CaptionError, captionFormat, parseCaptions, toTranscriptJson, toWebVtt, vttTime } from './captions';

const VTT = `WEBVTT - the episode

NOTE a comment
that runs over two lines

STYLE
::cue { color: yellow }

intro
00:00:01.000 --> 00:00:04.500 align:start
<v.loud Ana Lima>Welcome to <b>the</b> show &amp; thanks

00:04.500 --> 00:09.000
Second line
  spans two
`;

const SRT = `\uFEFF1\r
00:00:01,000 --> 00:00:04,500\r
<i>Hello</i> there\r
\r
2\r
01:02:03,5 --> 01:02:05,250\r
Later on\r
`;

describe('reading captions', () => {
  it('tells WebVTT from SRT from anything else by the first lines', () => {
    expect(captionFormat(VTT)).toBe('vtt');
    expect(captionFormat(SRT)).toBe('srt');
    expect(captionFormat('00:00:01,000 --> 00:00:02,000\nno counter')).toBe('srt');
    expect(captionFormat('WEBVTTX\n')).toBeUndefined();
    expect(captionFormat('just some words\n')).toBeUndefined();
  });

  it('reads WebVTT cues, skipping NOTE and STYLE blocks, with voices as speakers and tags dropped', () => {
    expect(parseCaptions(VTT)).toEqual({
      format: 'vtt',
      cues: [
        { start: 1, end: 4.5, text: 'Welcome to the show & thanks', speaker: 'Ana Lima' },
        { start: 4.5, end: 9, text: 'Second line\nspans two' },
      ],
    });
  });

  it('reads SRT with CRLF, a BOM, comma milliseconds and short fractions', () => {
    expect(parseCaptions(SRT).cues).toEqual([
      { start: 1, end: 4.5, text: 'Hello there' },
      { start: 3723.5, end: 3725.25, text: 'Later on' },
    ]);
  });

  it('names the line of a malformed timing, a cue that ends before it starts, or a block without timing', () => {
    const failure = (text: string) => {
      try {
        parseCaptions(text);
      } catch (err) {
        return { kind: (err as CaptionError).kind, message: (err as Error).message };
      }
      throw new Error('expected a failure');
    };
    expect(failure('WEBVTT\n\n00:00:01.000 --> 00:00:xx.000\nHi\n')).toEqual({
      kind: 'invalid',
      message: expect.stringMatching(/^Line 3: the cue timing "00:00:01.000 --> 00:00:xx.000" is not/),
    });
    expect(failure('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nHi\n').message).toBe(
      'Line 3: the cue ends before it starts',
    );
    expect(failure('WEBVTT\n\nhello\nworld\n').message).toMatch(/^Line 4: expected a cue timing/);
    expect(failure('WEBVTT\n\n00:00:01.000 --> 00:61:00.000\nHi\n').message).toMatch(/up to 59/);
    expect(failure('WEBVTT\n').message).toBe('The transcript has no cues');
    expect(failure('{"segments": []}').kind).toBe('unsupported');
  });

  it('sorts cues by start', () => {
    const text = 'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nB\n\n00:00:01.000 --> 00:00:02.000\nA\n';
    expect(parseCaptions(text).cues.map((cue) => cue.text)).toEqual(['A', 'B']);
  });
});

describe('writing the normalised files', () => {
  const { cues } = parseCaptions(VTT);

  it('writes WebVTT that reads back to the same cues, speakers and escapes kept', () => {
    const vtt = toWebVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.500\n<v Ana Lima>Welcome')).toBe(true);
    expect(vtt).toContain('show &amp; thanks');
    expect(parseCaptions(vtt).cues).toEqual(cues);
    expect(parseCaptions(toWebVtt(parseCaptions(SRT).cues)).cues).toEqual(parseCaptions(SRT).cues);
  });

  it('writes the Podcast Namespace JSON transcript', () => {
    expect(toTranscriptJson(cues)).toEqual({
      version: '1.0.0',
      segments: [
        { startTime: 1, endTime: 4.5, speaker: 'Ana Lima', body: 'Welcome to the show & thanks' },
        { startTime: 4.5, endTime: 9, body: 'Second line\nspans two' },
      ],
    });
  });

  it('writes times as hh:mm:ss.ttt', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3723.456)).toBe('01:02:03.456');
    expect(vttTime(59.9996)).toBe('00:01:00.000');
  });
});
