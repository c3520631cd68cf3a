import { TRANSCRIPT_LIMITS, type TranscriptJson } from '@podz/proto';

/**
 * Captions read and written: WebVTT or SRT in, cues out; cues back out as WebVTT and as the
 * Podcast Namespace's JSON transcript. A cue is one timed line, in seconds.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

export type CaptionFormat = 'vtt' | 'srt';

/**
 * Why a text is refused: `unsupported` when it is neither WebVTT nor SRT at all (a 415 for a
 * file), `invalid` when it is one of them with a mistake in it (a 400 naming the line).
 */
export class CaptionError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s+.*)?$`);

/** The format of a caption text from its first line, or undefined when it is neither. */
export function captionFormat(text: string): CaptionFormat | undefined {
  const body = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t].*)?(?:\r?\n|\r|$)/.test(body)) return 'vtt';
  const lines = body.replace(/\r\n?/g, '\n').trimStart().split('\n', 3);
  const [first = '', second = ''] = lines;
  if (/^\d+\s*$/.test(first) && TIMING.test(second)) return 'srt';
  if (TIMING.test(first)) return 'srt';
  return undefined;
}

/**
 * Reads WebVTT or SRT into cues, sorted by start. Cue styling and tags are dropped, a WebVTT voice
 * (`<v Ana>`) becomes the cue's speaker, entities are decoded; NOTE, STYLE and REGION blocks are
 * skipped. Every mistake names its line.
 */
export function parseCaptions(text: string): { format: CaptionFormat; cues: Cue[] } {
  const format = captionFormat(text);
  if (!format) {
    throw new CaptionError(
      'unsupported',
      'This is not a transcript we read: send WebVTT (starting with "WEBVTT") or SRT',
    );
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const cues: Cue[] = [];
  let index = format === 'vtt' ? skipBlock(lines, 0) : 0;
  while (index < lines.length) {
    if (blank(lines[index])) {
      index += 1;
      continue;
    }
    const start = index;
    const end = skipBlock(lines, index);
    const block = lines.slice(start, end);
    index = end;
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0] ?? '')) continue;
    const cue = readCue(block, start + 1, format);
    if (cue) cues.push(cue);
    if (cues.length > TRANSCRIPT_LIMITS.cues) {
      throw new CaptionError('invalid', `A transcript has at most ${TRANSCRIPT_LIMITS.cues} cues`);
    }
  }
  if (cues.length === 0) throw new CaptionError('invalid', 'The transcript has no cues');
  return { format, cues: cues.sort((a, b) => a.start - b.start || a.end - b.end) };
}

const blank = (line: string | undefined) => line === undefined || line.trim() === '';

function skipBlock(lines: string[], from: number): number {
  let index = from;
  while (index < lines.length && !blank(lines[index])) index += 1;
  return index;
}

function readCue(block: string[], lineNumber: number, format: CaptionFormat): Cue | undefined {
  // An identifier line may come first (SRT's counter, WebVTT's optional id); a first line that
  // looks like a mistyped timing is reported as the timing.
  const first = block[0] ?? '';
  const at = first.includes('-->') || (!block[1]?.includes('-->') && /\d:\d\d/.test(first)) ? 0 : 1;
  const timing = block[at];
  if (timing === undefined || !timing.includes('-->')) {
    throw new CaptionError(
      'invalid',
      `Line ${lineNumber + at}: expected a cue timing such as 00:00:01.000 --> 00:00:04.000`,
    );
  }
  const match = TIMING.exec(timing);
  if (!match) {
    const example = format === 'vtt' ? '00:01:02.500' : '00:01:02,500';
    throw new CaptionError(
      'invalid',
      `Line ${lineNumber + at}: the cue timing "${timing.trim().slice(0, 60)}" is not hh:mm:ss.ttt (e.g. ${example})`,
    );
  }
  const start = seconds(match.slice(1, 5));
  const end = seconds(match.slice(5, 9));
  if (start === undefined || end === undefined) {
    throw new CaptionError('invalid', `Line ${lineNumber + at}: minutes and seconds go up to 59`);
  }
  if (end <= start) {
    throw new CaptionError('invalid', `Line ${lineNumber + at}: the cue ends before it starts`);
  }
  const raw = block.slice(at + 1).join('\n');
  const speaker = /<v(?:\.[^\s>]*)?\s+([^>]+)>/.exec(raw)?.[1]?.trim();
  const body = decodeEntities(raw.replace(/<[^>]*>/g, ''))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  if (!body) return undefined;
  if (body.length > TRANSCRIPT_LIMITS.cueChars) {
    throw new CaptionError(
      'invalid',
      `Line ${lineNumber + at + 1}: a cue has at most ${TRANSCRIPT_LIMITS.cueChars} characters`,
    );
  }
  return {
    start,
    end,
    text: body,
    ...(speaker ? { speaker: decodeEntities(speaker).slice(0, TRANSCRIPT_LIMITS.speakerChars) } : {}),
  };
}

function seconds([hours, minutes, secs, fraction]: (string | undefined)[]): number | undefined {
  const m = Number(minutes);
  const s = Number(secs);
  if (m > 59 || s > 59) return undefined;
  const ms = Number((fraction ?? '0').padEnd(3, '0'));
  return Number(hours ?? 0) * 3600 + m * 60 + s + ms / 1000;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** `hh:mm:ss.ttt`, the one timestamp form every WebVTT reader takes. */
export function vttTime(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

const escapeCueText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cues as WebVTT: numbered, a voice tag for each speaker, text escaped. */
export function toWebVtt(cues: Cue[]): string {
  const blocks = cues.map((cue, index) => {
    const voice = cue.speaker ? `<v ${escapeCueText(cue.speaker)}>` : '';
    return `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${voice}${escapeCueText(cue.text)}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Cues as the Podcast Namespace's JSON transcript. */
export function toTranscriptJson(cues: Cue[]): TranscriptJson {
  return {
    version: '1.0.0',
    segments: cues.map((cue) => ({
      startTime: cue.start,
      endTime: cue.end,
      ...(cue.speaker ? { speaker: cue.speaker } : {}),
      body: cue.text,
    })),
  };
}
