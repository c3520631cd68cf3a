import type { PlayBeacon, PlayEvent } from '@podz/proto';

const QUARTERS: [number, PlayEvent][] = [
  [0.25, 'q1'],
  [0.5, 'q2'],
  [0.75, 'q3'],
];

const playId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** One beacon, sent even as the page goes (`sendBeacon`); a browser without it loses the count. */
function send(beacon: PlayBeacon): void {
  const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
  navigator.sendBeacon?.('/api/analytics/plays', body);
}

/**
 * Reports what a listener heard of an episode in PODZ's own player (the site's or the embed's):
 * the play's start, each quarter reached and its end, each once per play; a new play begins when
 * the audio starts again after it ended. Returns what stops it.
 */
export function watchPlays(
  audio: HTMLAudioElement,
  episodeId: string,
  player: PlayBeacon['player'],
): () => void {
  let id = '';
  let sent = new Set<PlayEvent>();
  const report = (event: PlayEvent) => {
    if (!id || sent.has(event)) return;
    sent.add(event);
    send({ episodeId, playId: id, event, player });
  };
  const onPlay = () => {
    if (!id) {
      id = playId();
      sent = new Set();
    }
    report('start');
  };
  const onTime = () => {
    const length = audio.duration;
    if (!Number.isFinite(length) || length <= 0) return;
    for (const [share, event] of QUARTERS) if (audio.currentTime >= share * length) report(event);
  };
  const onEnded = () => {
    report('complete');
    id = '';
  };
  audio.addEventListener('play', onPlay);
  audio.addEventListener('timeupdate', onTime);
  audio.addEventListener('ended', onEnded);
  return () => {
    audio.removeEventListener('play', onPlay);
    audio.removeEventListener('timeupdate', onTime);
    audio.removeEventListener('ended', onEnded);
  };
}
