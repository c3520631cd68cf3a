import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../../lib/format';

/**
 * An episode's player: play/pause, a seek bar, ±15 s skips and the time. The audio streams from
 * the catalog, which answers byte ranges, so seeking does not download the whole file.
 */
export function AudioPlayer({ src, title, duration }: { src: string; title: string; duration: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [length, setLength] = useState(duration);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const sync = () => {
      setCurrent(element.currentTime);
      if (Number.isFinite(element.duration) && element.duration > 0) setLength(element.duration);
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onError = () => setFailed(true);
    element.addEventListener('timeupdate', sync);
    element.addEventListener('loadedmetadata', sync);
    element.addEventListener('seeked', sync);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('error', onError);
    return () => {
      element.removeEventListener('timeupdate', sync);
      element.removeEventListener('loadedmetadata', sync);
      element.removeEventListener('seeked', sync);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('error', onError);
    };
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setFailed(true));
    else element.pause();
  };
  const seek = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = Math.min(Math.max(0, seconds), length || element.duration || 0);
    setCurrent(element.currentTime);
  };

  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-label={`Player: ${title}`}
      role="group"
    >
      <audio ref={audio} src={src} preload="metadata" data-testid="episode-audio" />
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {playing ? (
            <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          )}
        </button>
        <button
          type="button"
          className="text-sm font-medium text-slate-700 hover:text-indigo-700"
          onClick={() => seek(current - 15)}
        >
          −15s
        </button>
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.floor(length))}
          step={1}
          value={Math.floor(current)}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label="Seek"
          aria-valuetext={`${formatDuration(current)} of ${formatDuration(length)}`}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-indigo-600"
        />
        <button
          type="button"
          className="text-sm font-medium text-slate-700 hover:text-indigo-700"
          onClick={() => seek(current + 15)}
        >
          +15s
        </button>
        <span
          className="w-24 shrink-0 text-right text-sm text-slate-700 tabular-nums"
          data-testid="player-time"
        >
          {formatDuration(current)} / {formatDuration(length)}
        </span>
      </div>
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
