import type { InsertedAds, PlayBeacon, PlayEvent } from '@podz/proto';

const QUARTERS: [number, PlayEvent][] = [
  [0.25, 'q1'],
  [0.5, 'q2'],
  [0.75, 'q3'],
];
/** How near its end a creative's span counts as played through: `timeupdate` comes about 4 times a second. */
const END_SLACK_SECONDS = 0.3;

type Ad = InsertedAds['ads'][number];

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
 * What media joined into the file this browser hears (`/media/inserted/…`, asked as the audio
 * element asks: the same listener, so the same decision); none for anything else or on failure.
 */
async function insertedInto(source: string): Promise<Ad[]> {
  const url = new URL(source, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith('/media/audio/')) return [];
  url.pathname = url.pathname.replace('/media/audio/', '/media/inserted/');
  try {
    const res = await fetch(url);
    return res.ok ? ((await res.json()) as InsertedAds).ads : [];
  } catch {
    return [];
  }
}

/** The events a creative's span has reached at `seconds`, once it started playing within it. */
function adEvents(ad: Ad, seconds: number, started: boolean): PlayEvent[] {
  const inside = seconds >= ad.startSeconds && seconds < ad.endSeconds;
  if (!started && !inside) return [];
  const length = ad.endSeconds - ad.startSeconds;
  const reached: PlayEvent[] = ['start'];
  for (const [share, event] of QUARTERS) if (seconds >= ad.startSeconds + share * length) reached.push(event);
  if (seconds >= ad.endSeconds - END_SLACK_SECONDS) reached.push('complete');
  return reached;
}

/**
 * Reports what a listener heard of an episode in PODZ's own player (the site's or the embed's):
 * the play's start, each quarter reached and its end, each once per play; and the same of each
 * creative joined into the file, from when it started playing. A new play begins when the audio
 * starts again after it ended. Returns what stops it.
 */
export function watchPlays(
  audio: HTMLAudioElement,
  episodeId: string,
  player: PlayBeacon['player'],
): () => void {
  let id = '';
  let sent = new Set<string>();
  let ads: Ad[] = [];
  let adsOf = '';
  const report = (event: PlayEvent, ad?: Ad) => {
    const name = ad ? `${ad.position}:${ad.startSeconds}:${event}` : event;
    if (!id || sent.has(name)) return;
    sent.add(name);
    send({
      episodeId,
      playId: id,
      event,
      player,
      ...(ad ? { ad: { campaignId: ad.campaignId, creativeId: ad.creativeId, position: ad.position } } : {}),
    });
  };
  const reportAds = (seconds: number) => {
    for (const ad of ads) {
      const started = sent.has(`${ad.position}:${ad.startSeconds}:start`);
      for (const event of adEvents(ad, seconds, started)) report(event, ad);
    }
  };
  const onPlay = () => {
    if (!id) {
      id = playId();
      sent = new Set();
    }
    report('start');
    const source = audio.currentSrc;
    if (source && source !== adsOf) {
      adsOf = source;
      ads = [];
      void insertedInto(source).then((found) => {
        if (adsOf !== source) return;
        ads = found;
        reportAds(audio.currentTime);
      });
    }
  };
  const onTime = () => {
    reportAds(audio.currentTime);
    const length = audio.duration;
    if (!Number.isFinite(length) || length <= 0) return;
    for (const [share, event] of QUARTERS) if (audio.currentTime >= share * length) report(event);
  };
  const onEnded = () => {
    reportAds(audio.duration);
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
