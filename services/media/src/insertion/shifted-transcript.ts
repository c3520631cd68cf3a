import { joinedEndSeconds, joinedSeconds, type Placed } from './stitch-plan';

const VTT_TIME = /(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})/g;

const clock = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const part = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${part(Math.floor(ms / 3_600_000))}:${part(Math.floor(ms / 60_000) % 60)}:${part(Math.floor(ms / 1000) % 60)}.${part(ms % 1000, 3)}`;
};

/** A WebVTT file's cue times moved to the joined file's timeline; everything else as it was. */
function shiftedVtt(text: string, placed: readonly Placed[]): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.includes('-->')) return line;
      let index = 0;
      return line.replace(
        VTT_TIME,
        (_match, hours: string | undefined, minutes: string, seconds: string, ms: string) => {
          const at = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(ms) / 1000;
          // The first time on a timing line is the cue's start, the second its end.
          return clock(index++ === 0 ? joinedSeconds(at, placed) : joinedEndSeconds(at, placed));
        },
      );
    })
    .join('\n');
}

/** The Podcast Namespace's JSON transcript with its segments' times moved. */
function shiftedJson(text: string, placed: readonly Placed[]): string {
  const transcript = JSON.parse(text) as { segments?: { startTime?: number; endTime?: number }[] };
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  const segments = (transcript.segments ?? []).map((segment) => ({
    ...segment,
    ...(typeof segment.startTime === 'number'
      ? { startTime: round(joinedSeconds(segment.startTime, placed)) }
      : {}),
    ...(typeof segment.endTime === 'number'
      ? { endTime: round(joinedEndSeconds(segment.endTime, placed)) }
      : {}),
  }));
  return JSON.stringify({ ...transcript, segments });
}

/**
 * A transcript file (as catalog stored it: WebVTT or the Podcast Namespace's JSON) on the
 * timeline of a listener's joined file: each cue later by what was inserted before it, so the
 * words an app shows stay with the audio it plays.
 */
export function shiftedTranscript(text: string, kind: 'vtt' | 'json', placed: readonly Placed[]): string {
  if (placed.length === 0) return text;
  return kind === 'vtt' ? shiftedVtt(text, placed) : shiftedJson(text, placed);
}
