import { AUDIO_HOUSE, type Silence } from '@podz/proto';

const START = /silence_start: (-?[\d.]+)/;
const END = /silence_end: ([\d.]+)/;

/**
 * The silences silencedetect reported in ffmpeg's stderr, to a hundredth of a second: the longest
 * `AUDIO_HOUSE.silencesMax`, in time order. A silence still open at the end runs to `duration`.
 */
export function silenceReport(stderr: string, duration: number): Silence[] {
  const silences: Silence[] = [];
  let open: number | undefined;
  for (const line of stderr.split('\n')) {
    if (!line.includes('silencedetect')) continue;
    const started = START.exec(line);
    if (started) open = Math.max(0, Number(started[1]));
    const ended = END.exec(line);
    if (ended && open !== undefined) {
      silences.push({ start: round(open), end: round(Number(ended[1])) });
      open = undefined;
    }
  }
  if (open !== undefined && duration > open) silences.push({ start: round(open), end: round(duration) });
  return silences
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, AUDIO_HOUSE.silencesMax)
    .sort((a, b) => a.start - b.start);
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;
