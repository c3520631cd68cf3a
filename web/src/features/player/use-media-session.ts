import { useEffect } from 'react';
import { usePlayer } from '../../stores/player-store';
import type { PlayerAudio } from './use-player-audio';

const SKIP_BACK = 15;
const SKIP_ON = 30;

/**
 * The lock screen, the notification shade and headphone buttons: what plays (title, show,
 * artwork), where it is, and play, pause, skips, seeking and the queue's next item.
 */
export function useMediaSession(audio: PlayerAudio): void {
  const { item, toggle, skip, seek, playing, current, length, rate } = audio;
  useEffect(() => {
    if (!('mediaSession' in navigator) || !item) return;
    const absolute = new URL(item.image, location.href).href;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: item.title,
      artist: item.showName,
      album: 'PODZ',
      artwork: [{ src: absolute, sizes: '512x512' }],
    });
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => toggle()],
      ['pause', () => toggle()],
      ['seekbackward', (details) => skip(-(details.seekOffset ?? SKIP_BACK))],
      ['seekforward', (details) => skip(details.seekOffset ?? SKIP_ON)],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
      ['nexttrack', () => usePlayer.getState().next()],
    ];
    for (const [action, handler] of actions) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // A browser without this action: the others still work.
      }
    }
    return () => {
      for (const [action] of actions) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [item, toggle, skip, seek]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = item ? (playing ? 'playing' : 'paused') : 'none';
  }, [item, playing]);

  useEffect(() => {
    if (!('mediaSession' in navigator) || !length || current > length) return;
    try {
      navigator.mediaSession.setPositionState({ duration: length, position: current, playbackRate: rate });
    } catch {
      // A position the browser will not take (a stream's unknown length): left out.
    }
  }, [current, length, rate]);
}

/** Keyboard shortcuts anywhere on the site, outside fields: K play/pause, J back 15 s, L on 30 s. */
export function usePlayerKeys(audio: PlayerAudio): void {
  const { item, toggle, skip } = audio;
  useEffect(() => {
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action = { k: toggle, j: () => skip(-SKIP_BACK), l: () => skip(SKIP_ON) }[
        event.key.toLowerCase()
      ];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item, toggle, skip]);
}

export const SKIPS = { back: SKIP_BACK, on: SKIP_ON };
