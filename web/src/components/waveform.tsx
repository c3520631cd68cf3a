import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { audioUploadId } from '../lib/media-paths';
import { queryKeys } from '../lib/query-keys';

const BARS = 160;

interface WaveformFile {
  sample_rate: number;
  samples_per_pixel: number;
  length: number;
  data: number[];
}

/** The waveform of an uploaded episode's audio (`/media/audio/<id>.…`); none for audio elsewhere. */
export function waveformUrlOf(src: string): string | undefined {
  const id = audioUploadId(src);
  return id ? `/media/waveforms/${id}.json` : undefined;
}

/** `BARS` heights (0–1) from audiowaveform's min/max pairs, and the seconds they span. */
function barsOf(file: WaveformFile): { heights: number[]; seconds: number } {
  const per = Math.max(1, Math.ceil(file.length / BARS));
  const heights: number[] = [];
  for (let bar = 0; bar * per < file.length; bar += 1) {
    let widest = 0;
    for (let pixel = bar * per; pixel < Math.min(file.length, (bar + 1) * per); pixel += 1) {
      widest = Math.max(widest, (file.data[pixel * 2 + 1] ?? 0) - (file.data[pixel * 2] ?? 0));
    }
    heights.push(widest / 255);
  }
  const loudest = Math.max(0.05, ...heights);
  return {
    heights: heights.map((height) => height / loudest),
    seconds: (file.length * file.samples_per_pixel) / file.sample_rate,
  };
}

/** A mark drawn across the waveform at a time: a break (solid) or a place one could go (dashed). */
export interface WaveformMark {
  seconds: number;
  kind: 'break' | 'candidate';
}

/**
 * The episode's waveform, the part heard so far in colour; a click seeks there (or picks the
 * point, as the break editor does). Drawn once the pipeline has made it (nothing before, or for
 * audio from elsewhere); the controls beside it stay the way for keyboards and screen readers.
 */
export function Waveform({
  src,
  current,
  length,
  seek,
  marks = [],
}: {
  src: string;
  current: number;
  length: number;
  seek: (seconds: number) => void;
  marks?: readonly WaveformMark[];
}) {
  const url = waveformUrlOf(src);
  const { data } = useQuery({
    queryKey: queryKeys.media.waveform(url ?? ''),
    enabled: url !== undefined,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await fetch(url ?? '', { signal });
      return res.ok ? barsOf((await res.json()) as WaveformFile) : null;
    },
  });
  if (!data) return null;
  const whole = length > 0 ? length : data.seconds;
  const played = whole > 0 ? current / whole : 0;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - box.left) / box.width) * whole);
  };
  return (
    // A pointer's shortcut to the seek bar below, which keyboards use.
    <div className="mb-3 h-12 cursor-pointer" onClick={onClick} data-testid="waveform">
      <svg
        viewBox={`0 0 ${data.heights.length} 100`}
        preserveAspectRatio="none"
        className="size-full"
        aria-hidden="true"
      >
        {data.heights.map((height, bar) => (
          <rect
            key={bar}
            x={bar + 0.15}
            width={0.7}
            y={50 - Math.max(1, height * 48)}
            height={Math.max(2, height * 96)}
            className={bar / data.heights.length < played ? 'fill-indigo-600' : 'fill-slate-300'}
          />
        ))}
        {whole > 0 &&
          marks.map((mark) => (
            <line
              key={`${mark.kind}-${mark.seconds}`}
              x1={(mark.seconds / whole) * data.heights.length}
              x2={(mark.seconds / whole) * data.heights.length}
              y1={0}
              y2={100}
              vectorEffect="non-scaling-stroke"
              strokeWidth={mark.kind === 'break' ? 3 : 1}
              strokeDasharray={mark.kind === 'break' ? undefined : '4 3'}
              className={mark.kind === 'break' ? 'stroke-amber-500' : 'stroke-slate-500'}
            />
          ))}
      </svg>
    </div>
  );
}
