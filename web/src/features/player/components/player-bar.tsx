import type { Episode } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Waveform } from '../../../components/waveform';
import { paths } from '../../../config/paths';
import { formatDuration } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { usePlayer } from '../../../stores/player-store';
import { useSession } from '../../../stores/session-store';
import { fetchEpisode } from '../api/listening-api';
import { useOfflineAudio } from '../offline';
import { memberPlaces, visitorPlaces } from '../places';
import { SKIPS, useMediaSession, usePlayerKeys } from '../use-media-session';
import { chapterAt } from '../use-playback';
import { usePlayerAudio, type PlayerAudio, type SleepTimer } from '../use-player-audio';
import { useQueueSync } from '../use-queue-sync';
import { ChapterList } from './chapter-list';
import { QueuePanel } from './queue-panel';
import { TranscriptView } from './transcript-view';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];
const SLEEP_MINUTES = [5, 15, 30, 45, 60];
const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  queue: 'M3 6h13v2H3zm0 4h13v2H3zm0 4h9v2H3zm13 0v6l5-3z',
  more: 'M7 14l5-5 5 5z',
  less: 'M7 10l5 5 5-5z',
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

const control =
  'flex items-center justify-center rounded-full px-2 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600';
const select = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800';

/** Speed, sleep timer and offline copy: in the bar on wide screens, in the panel on narrow ones. */
function Settings({ audio, idPrefix }: { audio: PlayerAudio; idPrefix: string }) {
  const offline = useOfflineAudio(audio.item);
  const sleepValue = !audio.sleep ? 'off' : audio.sleep.until === 'end' ? 'end' : 'time';
  const setSleep = (value: string) => {
    const minutes = Number(value);
    const timer: SleepTimer =
      value === 'off'
        ? undefined
        : value === 'end'
          ? { until: 'end' }
          : { until: 'time', at: Date.now() + minutes * 60_000 };
    audio.setSleep(timer);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-1 text-sm text-slate-700">
        <span className="sr-only">Playback speed</span>
        <select
          id={`${idPrefix}-speed`}
          className={select}
          value={audio.rate}
          onChange={(event) => audio.setRate(Number(event.target.value))}
        >
          {SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-700">
        <span className="sr-only">Sleep timer</span>
        <select
          id={`${idPrefix}-sleep`}
          className={select}
          value={sleepValue === 'time' ? 'time' : sleepValue}
          onChange={(event) => setSleep(event.target.value)}
        >
          <option value="off">No sleep timer</option>
          <option value="end">Stop at the end of the episode</option>
          {sleepValue === 'time' && audio.sleep?.until === 'time' && (
            <option value="time">
              Stops at{' '}
              {new Date(audio.sleep.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}
            </option>
          )}
          {SLEEP_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              Stop in {minutes} minutes
            </option>
          ))}
        </select>
      </label>
      {offline.offerable && (
        <button
          type="button"
          className={control}
          onClick={() => void offline.toggle()}
          disabled={offline.busy}
          aria-pressed={offline.kept}
        >
          {offline.busy ? 'Saving…' : offline.kept ? 'Available offline' : 'Download for offline'}
        </button>
      )}
      {offline.offerable && offline.kept && offline.premium && (
        <span className="text-xs text-slate-600">Kept while your plan includes it.</span>
      )}
      {offline.failed && (
        <span role="alert" className="text-sm text-red-700">
          Could not keep it offline.
        </span>
      )}
    </div>
  );
}

/** Chapters, the transcript following along and the waveform, of what plays. */
function NowPlaying({ audio, episode }: { audio: PlayerAudio; episode: Episode | undefined }) {
  const { item } = audio;
  if (!item) return null;
  return (
    <div className="max-h-96 overflow-y-auto border-b border-slate-200 px-3 py-3">
      <div className="mx-auto max-w-4xl">
        <div className="sm:hidden">
          <Settings audio={audio} idPrefix="player-panel" />
        </div>
        <Waveform src={item.audioUrl} current={audio.current} length={audio.length} seek={audio.seek} />
        {episode && episode.chapters.length > 0 && (
          <ChapterList chapters={episode.chapters} playback={audio} headingId="player-chapters-heading" />
        )}
        {episode?.transcript && (
          <TranscriptView
            transcript={episode.transcript}
            playback={audio}
            headingId="player-transcript-heading"
          />
        )}
      </div>
    </div>
  );
}

/**
 * The bar's height as `--player-room` on the page's root while it shows, so what is fixed or
 * sticky to the foot of the screen (the side menu's foot) stands above it.
 */
function useRoomForBar(shown: boolean) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--player-room', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--player-room');
    };
  }, [shown]);
  return bar;
}

/**
 * The site-wide player: a bar at the foot of every page that keeps playing across navigation,
 * its queue, and what plays opened up (chapters, transcript, waveform). Loaded on first play, or
 * at once for a member whose queue may be waiting on another device.
 */
export default function PlayerBar() {
  const userId = useSession((state) => state.user?.id);
  const places = useMemo(() => (userId ? memberPlaces() : visitorPlaces()), [userId]);
  useQueueSync(userId);
  const audio = usePlayerAudio(places);
  useMediaSession(audio);
  usePlayerKeys(audio);
  const queueLength = usePlayer((state) => state.queue.length);
  const [panel, setPanel] = useState<'queue' | 'now' | undefined>();
  const episode = useQuery({
    queryKey: queryKeys.episodes.one(audio.item?.episodeId ?? ''),
    queryFn: () => fetchEpisode(audio.item?.episodeId ?? ''),
    enabled: Boolean(audio.item),
  });
  const chapters = episode.data?.chapters ?? [];
  const chapter = chapters[chapterAt(chapters, audio.current)];
  const { item } = audio;
  const shown = item !== undefined || queueLength > 0;
  const playQueue = usePlayer.getState().next;
  const bar = useRoomForBar(shown);

  // Nothing at all until there is something to play: no audio element on a page that offers none.
  if (!shown) return null;
  return (
    <>
      {/* Room at the foot of the page, so the bar never covers its end. */}
      <div aria-hidden="true" className="h-28" />
      <section
        ref={bar}
        aria-label="Player"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-lg"
      >
        {item && <audio ref={audio.audioRef} preload="metadata" data-testid="player-audio" />}
        {panel === 'queue' && <QueuePanel onClose={() => setPanel(undefined)} />}
        {panel === 'now' && <NowPlaying audio={audio} episode={episode.data} />}
        {item ? (
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
            <img src={item.image} alt="" className="size-10 shrink-0 rounded bg-slate-100 object-cover" />
            <div className="min-w-0 flex-1">
              <Link
                to={paths.episode.href(item.showUId, item.episodeId)}
                className="block truncate text-sm font-semibold text-slate-900 hover:underline"
                data-testid="player-title"
              >
                {item.title}
              </Link>
              <p className="truncate text-xs text-slate-600">
                {item.showName}
                {chapter && ` · ${chapter.title}`}
              </p>
            </div>
            <div className="flex items-center">
              <button
                type="button"
                className={control}
                onClick={() => audio.skip(-SKIPS.back)}
                aria-label={`Back ${SKIPS.back} seconds`}
                aria-keyshortcuts="J"
              >
                −{SKIPS.back}
              </button>
              <button
                type="button"
                onClick={audio.toggle}
                aria-label={audio.playing ? 'Pause' : 'Play'}
                aria-keyshortcuts="K"
                className="flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <Icon d={audio.playing ? ICONS.pause : ICONS.play} />
              </button>
              <button
                type="button"
                className={control}
                onClick={() => audio.skip(SKIPS.on)}
                aria-label={`On ${SKIPS.on} seconds`}
                aria-keyshortcuts="L"
              >
                +{SKIPS.on}
              </button>
            </div>
            <div className="order-last flex w-full items-center gap-2">
              <input
                type="range"
                min={0}
                max={Math.max(1, Math.floor(audio.length))}
                step={1}
                value={Math.floor(audio.current)}
                onChange={(event) => audio.seek(Number(event.target.value))}
                aria-label="Seek"
                aria-valuetext={`${formatDuration(audio.current)} of ${formatDuration(audio.length)}`}
                className="h-2 min-w-0 flex-1 cursor-pointer accent-indigo-600"
              />
              <span className="shrink-0 text-xs text-slate-700 tabular-nums" data-testid="player-time">
                {formatDuration(audio.current)} / {formatDuration(audio.length)}
              </span>
            </div>
            <div className="hidden sm:block">
              <Settings audio={audio} idPrefix="player-bar" />
            </div>
            <button
              type="button"
              className={control}
              onClick={() => setPanel(panel === 'queue' ? undefined : 'queue')}
              aria-expanded={panel === 'queue'}
              aria-label={`Queue, ${queueLength} ${queueLength === 1 ? 'episode' : 'episodes'}`}
            >
              <Icon d={ICONS.queue} />
              <span aria-hidden="true">{queueLength}</span>
            </button>
            <button
              type="button"
              className={control}
              onClick={() => setPanel(panel === 'now' ? undefined : 'now')}
              aria-expanded={panel === 'now'}
              aria-label={
                panel === 'now' ? 'Hide chapters and transcript' : 'Show chapters, transcript and more'
              }
            >
              <Icon d={panel === 'now' ? ICONS.less : ICONS.more} />
            </button>
            {audio.failed && (
              <p role="alert" className="w-full text-sm text-red-700">
                This episode could not be played.
              </p>
            )}
          </div>
        ) : (
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-3 py-2">
            <p className="text-sm text-slate-700">
              {queueLength} {queueLength === 1 ? 'episode' : 'episodes'} in your queue
            </p>
            <div className="flex gap-2">
              <button type="button" className={control} onClick={() => playQueue()}>
                Play the queue
              </button>
              <button
                type="button"
                className={control}
                onClick={() => setPanel(panel === 'queue' ? undefined : 'queue')}
                aria-expanded={panel === 'queue'}
              >
                Show the queue
              </button>
            </div>
          </div>
        )}
      </section>
    </>
  );
}
