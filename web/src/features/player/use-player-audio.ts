import { useCallback, useEffect, useRef, useState } from 'react';
import { watchPlays } from '../../lib/play-beacons';
import { sitePlayerSource, type PlayerItem } from '../../lib/player-item';
import { usePlayer } from '../../stores/player-store';
import { SAVE_EVERY_MS, type Places } from './places';
import type { Playback } from './use-playback';

/** What the sleep timer waits for: the end of the episode playing, or a time (ms since the epoch). */
export type SleepTimer = { until: 'end' } | { until: 'time'; at: number } | undefined;

export interface PlayerAudio extends Playback {
  item: PlayerItem | undefined;
  rate: number;
  setRate: (rate: number) => void;
  sleep: SleepTimer;
  setSleep: (sleep: SleepTimer) => void;
  /** Seconds to move by, back (negative) or on. */
  skip: (seconds: number) => void;
}

/**
 * The site-wide player's audio: starts each item the store asks for from where the listener
 * left it, saves the place while playing (every 15 s, on pause, as the page goes, at the end),
 * reports client-confirmed plays, plays the queue's next item at the end, and stops when the
 * sleep timer says.
 */
export function usePlayerAudio(places: Places): PlayerAudio {
  const audioRef = useRef<HTMLAudioElement>(null);
  const item = usePlayer((state) => state.current);
  const started = usePlayer((state) => state.started);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [length, setLength] = useState(0);
  const [failed, setFailed] = useState(false);
  const [rate, setRateState] = useState(1);
  const [sleep, setSleep] = useState<SleepTimer>();
  const sleepRef = useRef(sleep);
  sleepRef.current = sleep;

  const placeNow = useCallback(() => {
    const element = audioRef.current;
    if (!element) return undefined;
    const duration = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : undefined;
    return { position: Math.floor(element.currentTime * 10) / 10, duration };
  }, []);

  // A new listen: the item from its place, playing.
  useEffect(() => {
    const element = audioRef.current;
    if (!element || !item) return;
    let cancelled = false;
    setFailed(false);
    setLength(item.duration);
    setCurrent(0);
    element.src = sitePlayerSource(item.audioUrl);
    element.playbackRate = rate;
    void places.resumeAt(item.episodeId).then((at) => {
      if (cancelled) return;
      if (at > 0) element.currentTime = at;
      element.play().catch(() => setFailed(true));
    });
    return () => {
      cancelled = true;
    };
    // Not on `rate`: a new rate applies to what plays, it does not start it again.
  }, [item?.episodeId, started, places]);

  useEffect(() => {
    const element = audioRef.current;
    if (!element || !item) return;
    const sync = () => {
      setCurrent(element.currentTime);
      if (Number.isFinite(element.duration) && element.duration > 0) setLength(element.duration);
      const timer = sleepRef.current;
      if (timer?.until === 'time' && Date.now() >= timer.at) {
        element.pause();
        setSleep(undefined);
      }
    };
    const save = () => {
      const place = placeNow();
      if (place && place.position > 0) places.save(item.episodeId, place);
    };
    const onPause = () => {
      setPlaying(false);
      if (!element.ended) save();
    };
    const onEnded = () => {
      const place = placeNow();
      places.save(item.episodeId, { position: place?.position ?? 0, duration: place?.duration, ended: true });
      if (sleepRef.current?.until === 'end') {
        setSleep(undefined);
        return;
      }
      usePlayer.getState().next();
    };
    const leave = () => {
      const place = placeNow();
      if (place && place.position > 0 && !element.paused) places.saveOnLeave(item.episodeId, place);
    };
    const onHidden = () => document.visibilityState === 'hidden' && leave();
    const handlers: [string, () => void][] = [
      ['timeupdate', sync],
      ['loadedmetadata', sync],
      ['seeked', sync],
      ['play', () => setPlaying(true)],
      ['pause', onPause],
      ['ended', onEnded],
      ['error', () => setFailed(true)],
    ];
    for (const [name, handler] of handlers) element.addEventListener(name, handler);
    const saving = setInterval(() => !element.paused && save(), SAVE_EVERY_MS);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onHidden);
    const stopReporting = watchPlays(element, item.episodeId, 'site');
    return () => {
      for (const [name, handler] of handlers) element.removeEventListener(name, handler);
      clearInterval(saving);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onHidden);
      stopReporting();
    };
  }, [item, places, placeNow]);

  const toggle = useCallback(() => {
    const element = audioRef.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setFailed(true));
    else element.pause();
  }, []);

  const seek = useCallback((seconds: number, play = false) => {
    const element = audioRef.current;
    if (!element) return;
    const end = Number.isFinite(element.duration) ? element.duration : seconds;
    element.currentTime = Math.min(Math.max(0, seconds), end);
    setCurrent(element.currentTime);
    if (play && element.paused) element.play().catch(() => setFailed(true));
  }, []);

  const skip = useCallback((seconds: number) => seek((audioRef.current?.currentTime ?? 0) + seconds), [seek]);

  const setRate = useCallback((next: number) => {
    setRateState(next);
    if (audioRef.current) audioRef.current.playbackRate = next;
  }, []);

  return {
    audioRef,
    item,
    playing,
    current,
    length,
    failed,
    toggle,
    seek,
    skip,
    rate,
    setRate,
    sleep,
    setSleep,
  };
}
