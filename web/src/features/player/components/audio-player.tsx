import type { Chapter } from '@podz/proto';
import { formatDuration } from '../../../lib/format';
import { sitePlayerSource } from '../../../lib/player-item';
import { chapterAt, type Playback } from '../use-playback';
import { Waveform } from '../../../components/waveform';

const SKIP_SECONDS = 15;

/**
 * An episode's player: play/pause, a seek bar with the chapters marked on it, ±15 s and
 * chapter-to-chapter skips, the time and the chapter playing. The audio streams from the catalog,
 * which answers byte ranges, so seeking does not download the whole file; the waveform above it
 * once the audio pipeline has drawn one. `preload` is `none` where nothing may be fetched before
 * a listener presses play (an embed), waveform included.
 */
export function AudioPlayer({
  playback,
  src,
  title,
  chapters = [],
  preload = 'metadata',
}: {
  playback: Playback;
  src: string;
  title: string;
  chapters?: Chapter[];
  preload?: 'none' | 'metadata';
}) {
  const { audioRef, playing, current, length, failed, toggle, seek } = playback;
  const chapterIndex = chapterAt(chapters, current);
  const chapter = chapters[chapterIndex];
  const next = chapters[chapterIndex + 1];
  // Back within the first seconds of a chapter goes to the one before, as players do.
  const previousStart =
    chapter && current - chapter.startTime > 3 ? chapter.startTime : chapters[chapterIndex - 1]?.startTime;

  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-label={`Player: ${title}`}
      role="group"
    >
      <audio ref={audioRef} src={sitePlayerSource(src)} preload={preload} data-testid="episode-audio" />
      {preload !== 'none' && <Waveform src={src} current={current} length={length} seek={seek} />}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
            <path d={playing ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M8 5v14l11-7z'} />
          </svg>
        </button>
        {chapters.length > 0 && (
          <ChapterSkip
            label="Previous chapter"
            icon="M6 6h2v12H6zm3.5 6 8.5 6V6z"
            to={previousStart}
            seek={seek}
          />
        )}
        <button
          type="button"
          className="text-sm font-medium text-slate-700 hover:text-indigo-700"
          onClick={() => seek(current - SKIP_SECONDS)}
        >
          −15s
        </button>
        <div className="relative flex min-w-40 flex-1 items-center">
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.floor(length))}
            step={1}
            value={Math.floor(current)}
            onChange={(event) => seek(Number(event.target.value))}
            aria-label="Seek"
            aria-valuetext={`${formatDuration(current)} of ${formatDuration(length)}`}
            className="h-2 w-full cursor-pointer accent-indigo-600"
          />
          {length > 0 &&
            chapters.map((mark) =>
              mark.startTime > 0 ? (
                <span
                  key={mark.startTime}
                  data-testid="chapter-mark"
                  aria-hidden="true"
                  title={mark.title}
                  className="pointer-events-none absolute top-1/2 h-3 w-0.5 -translate-y-1/2 bg-slate-500"
                  style={{ left: `${Math.min(100, (mark.startTime / length) * 100)}%` }}
                />
              ) : null,
            )}
        </div>
        <button
          type="button"
          className="text-sm font-medium text-slate-700 hover:text-indigo-700"
          onClick={() => seek(current + SKIP_SECONDS)}
        >
          +15s
        </button>
        {chapters.length > 0 && (
          <ChapterSkip
            label="Next chapter"
            icon="M6 18l8.5-6L6 6v12zM16 6v12h2V6h-2z"
            to={next?.startTime}
            seek={seek}
          />
        )}
        <span
          className="w-24 shrink-0 text-right text-sm text-slate-700 tabular-nums"
          data-testid="player-time"
        >
          {formatDuration(current)} / {formatDuration(length)}
        </span>
      </div>
      {chapter && (
        <p className="mt-2 truncate text-sm text-slate-700" aria-live="polite" data-testid="current-chapter">
          <span className="font-semibold">Chapter {chapterIndex + 1}:</span> {chapter.title}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The audio could not be played.{' '}
          <a className="underline" href={src}>
            Download it
          </a>{' '}
          instead.
        </p>
      )}
    </div>
  );
}

/** A skip to a chapter's start, disabled when there is none that way. */
function ChapterSkip({
  label,
  icon,
  to,
  seek,
}: {
  label: string;
  icon: string;
  to: number | undefined;
  seek: (seconds: number) => void;
}) {
  return (
    <button
      type="button"
      className="text-sm font-medium text-slate-700 hover:text-indigo-700 disabled:text-slate-400"
      onClick={() => to !== undefined && seek(to)}
      disabled={to === undefined}
      aria-label={label}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
        <path d={icon} />
      </svg>
    </button>
  );
}
