import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { watchPlays } from '../../lib/play-beacons';

export interface Playback {
  /** Attach to the `<audio>` element. */
  audioRef: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  /** Seconds into the audio. */
  current: number;
  /** Seconds; the episode's stored duration until the audio says otherwise. */
  length: number;
  failed: boolean;
  toggle: () => void;
  /** Jumps to a time (clamped to the audio) and starts playing when `play` is set. */
  seek: (seconds: number, play?: boolean) => void;
}

/**
 * The state of one episode's audio, shared by the player's controls, the chapter list and the
 * transcript: whoever seeks moves the others. `startAt` is where playback begins (`?t=`); with
 * `episodeId`, what is heard is reported as client-confirmed plays.
 */
export function usePlayback(duration: number, startAt = 0, episodeId?: string): Playback {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(startAt);
  const [length, setLength] = useState(duration);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    if (startAt > 0) element.currentTime = startAt;
    const sync = () => {
      setCurrent(element.currentTime);
      if (Number.isFinite(element.duration) && element.duration > 0) setLength(element.duration);
    };
    const handlers: [string, () => void][] = [
      ['timeupdate', sync],
      ['loadedmetadata', sync],
      ['seeked', sync],
      ['play', () => setPlaying(true)],
      ['pause', () => setPlaying(false)],
      ['error', () => setFailed(true)],
    ];
    for (const [name, handler] of handlers) element.addEventListener(name, handler);
    const stopReporting = episodeId ? watchPlays(element, episodeId, 'site') : undefined;
    return () => {
      for (const [name, handler] of handlers) element.removeEventListener(name, handler);
      stopReporting?.();
    };
  }, [startAt, episodeId]);

  const toggle = useCallback(() => {
    const element = audioRef.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setFailed(true));
    else element.pause();
  }, []);

  const seek = useCallback(
    (seconds: number, play = false) => {
      const element = audioRef.current;
      if (!element) return;
      const end = length || element.duration || 0;
      element.currentTime = Math.min(Math.max(0, seconds), end);
      setCurrent(element.currentTime);
      if (play && element.paused) element.play().catch(() => setFailed(true));
    },
    [length],
  );

  return { audioRef, playing, current, length, failed, toggle, seek };
}

/** The chapter playing at `seconds`: the last one started by then. */
export function chapterAt<T extends { startTime: number }>(chapters: T[], seconds: number): number {
  let found = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.startTime <= seconds + 0.05) found = index;
  });
  return found;
}
