import type { Chapter, Episode, Paginated, Podcast } from '@podz/proto';
import { formatDuration } from '../lib/format';
import { watchPlays } from '../lib/play-beacons';
import { startTimeOf } from '../lib/start-time';
import './embed.css';

/**
 * The embeddable player (`/embed/episodes/{id}`, `/embed/shows/{uId}`), for an `<iframe>` on any
 * site: play, seek, chapters, speed, the show's art and a link back. No framework (its first load
 * stays small), no cookies (every call omits them), and `preload="none"`, so an embed nobody plays
 * fetches no audio and counts no download.
 */

const root = document.getElementById('embed') as HTMLElement;
const SPEEDS = [1, 1.25, 1.5, 2];
const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  previous: 'M6 6h2v12H6zm3.5 6 8.5 6V6z',
  next: 'M6 18l8.5-6L6 6v12zM16 6v12h2V6h-2z',
};

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!res.ok)
    throw new Error(res.status === 404 ? 'This episode is not available.' : 'The player could not load.');
  return (await res.json()) as T;
}

/** An element with attributes and children; text is always set as text, never as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

const chapterAt = (chapters: Chapter[], seconds: number) =>
  chapters.reduce((found, chapter, index) => (chapter.startTime <= seconds + 0.05 ? index : found), -1);

/** The player for one episode, replacing whatever `root` held. */
function renderPlayer(episode: Episode, startAt: number, list?: HTMLElement): void {
  const origin = window.location.origin;
  const audio = el('audio', { preload: 'none', src: episode.audio.url, 'data-testid': 'embed-audio' });
  watchPlays(audio, episode.id, 'embed');
  const chapters = episode.chapters;
  let length = episode.audio.durationSeconds;
  let started = false;

  const play = el('button', { type: 'button', class: 'embed-play', 'aria-label': 'Play' }, icon(ICONS.play));
  const seek = el('input', {
    type: 'range',
    min: '0',
    max: String(Math.max(1, Math.floor(length))),
    step: '1',
    value: String(Math.floor(startAt)),
    'aria-label': 'Seek',
  });
  const seekBox = el('div', { class: 'embed-seek' }, seek);
  const time = el('span', { class: 'embed-time', 'data-testid': 'embed-time' });
  const speed = el('button', { type: 'button', 'aria-label': 'Playback speed: 1×' }, '1×');
  const previous = el('button', { type: 'button', 'aria-label': 'Previous chapter' }, icon(ICONS.previous));
  const next = el('button', { type: 'button', 'aria-label': 'Next chapter' }, icon(ICONS.next));
  const chapterLine = el('p', {
    class: 'embed-chapter',
    'aria-live': 'polite',
    'data-testid': 'embed-chapter',
  });

  const current = () => (started ? audio.currentTime : startAt);
  const moveTo = (seconds: number) => {
    const to = Math.min(Math.max(0, seconds), length || seconds);
    if (!started) startAt = to;
    else audio.currentTime = to;
    update();
  };
  const update = () => {
    const now = current();
    seek.value = String(Math.floor(now));
    seek.setAttribute('aria-valuetext', `${formatDuration(now)} of ${formatDuration(length)}`);
    time.textContent = `${formatDuration(now)} / ${formatDuration(length)}`;
    const index = chapterAt(chapters, now);
    const chapter = chapters[index];
    chapterLine.textContent = chapter ? `Chapter ${index + 1}: ${chapter.title}` : '';
    const back = chapter && now - chapter.startTime > 3 ? chapter.startTime : chapters[index - 1]?.startTime;
    previous.disabled = back === undefined;
    previous.onclick = () => back !== undefined && moveTo(back);
    const ahead = chapters[index + 1];
    next.disabled = !ahead;
    next.onclick = () => ahead && moveTo(ahead.startTime);
  };

  play.onclick = () => {
    if (audio.paused) {
      // The first press loads the audio; a shared start time applies once it can seek.
      if (!started) {
        started = true;
        audio.currentTime = startAt;
      }
      void audio.play().catch(() => (chapterLine.textContent = 'The audio could not be played.'));
    } else audio.pause();
  };
  seek.oninput = () => moveTo(Number(seek.value));
  speed.onclick = () => {
    const rate = SPEEDS[(SPEEDS.indexOf(audio.playbackRate) + 1) % SPEEDS.length] ?? 1;
    audio.playbackRate = rate;
    speed.textContent = `${rate}×`;
    speed.setAttribute('aria-label', `Playback speed: ${rate}×`);
  };
  const setPlaying = (playing: boolean) => {
    play.replaceChildren(icon(playing ? ICONS.pause : ICONS.play));
    play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  };
  audio.onplay = () => setPlaying(true);
  audio.onpause = () => setPlaying(false);
  audio.ontimeupdate = update;
  audio.onloadedmetadata = () => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) {
      length = audio.duration;
      seek.max = String(Math.max(1, Math.floor(length)));
    }
    update();
  };

  if (length > 0) {
    for (const chapter of chapters) {
      if (chapter.startTime <= 0) continue;
      const mark = el('span', {
        class: 'embed-mark',
        'aria-hidden': 'true',
        title: chapter.title,
        'data-testid': 'embed-mark',
      });
      mark.style.left = `${Math.min(100, (chapter.startTime / length) * 100)}%`;
      seekBox.append(mark);
    }
  }
  const pageUrl = `${origin}/shows/${encodeURIComponent(episode.show.uId)}/${episode.id}`;
  const head = el(
    'div',
    { class: 'embed-head' },
    el('img', { class: 'embed-art', src: episode.image ?? episode.show.logoPath, alt: '' }),
    el(
      'div',
      { class: 'embed-titles' },
      el('h1', { class: 'embed-title', title: episode.title }, episode.title),
      el(
        'a',
        { class: 'embed-show', href: pageUrl, target: '_blank', rel: 'noopener' },
        `${episode.show.name} on PODZ`,
      ),
    ),
  );
  const controls = el(
    'div',
    { class: 'embed-controls', role: 'group', 'aria-label': `Player: ${episode.title}` },
    play,
    ...(chapters.length ? [previous] : []),
    seekBox,
    ...(chapters.length ? [next] : []),
    time,
    speed,
  );
  root.replaceChildren(audio, head, controls, chapterLine, ...(list ? [list] : []));
  root.removeAttribute('aria-busy');
  update();
}

/** A show's latest episodes: the newest in the player, the others a click away. */
async function renderShow(uId: string): Promise<void> {
  const show = await getJson<Podcast>(`/api/podcasts/name/${encodeURIComponent(uId)}`);
  const page = await getJson<Paginated<Episode>>(
    `/api/episodes/podcast-episodes?podcastId=${show.id}&limit=5`,
  );
  const [first] = page.items;
  if (!first) throw new Error('This show has no episodes yet.');
  const list = el('ol', { class: 'embed-list', 'aria-label': `Latest episodes of ${show.name}` });
  const choose = (episode: Episode) => {
    for (const button of list.querySelectorAll('button')) {
      button.setAttribute('aria-current', String(button.dataset.id === episode.id));
    }
    renderPlayer(episode, 0, list);
  };
  for (const episode of page.items) {
    const button = el('button', { type: 'button', 'data-id': episode.id }, episode.title);
    button.onclick = () => choose(episode);
    list.append(el('li', {}, button));
  }
  choose(first);
}

async function start(): Promise<void> {
  const [, , kind, key = ''] = window.location.pathname.split('/');
  const at = startTimeOf(new URLSearchParams(window.location.search).get('t'));
  if (kind === 'episodes')
    renderPlayer(await getJson<Episode>(`/api/episodes/${encodeURIComponent(key)}`), at);
  else if (kind === 'shows') await renderShow(decodeURIComponent(key));
  else throw new Error('Nothing to play here.');
}

start().catch((err: unknown) => {
  root.replaceChildren(
    el('p', { class: 'embed-status', role: 'alert' }, (err as Error).message || 'The player could not load.'),
  );
  root.removeAttribute('aria-busy');
});
