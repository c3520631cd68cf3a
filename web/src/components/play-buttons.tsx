import type { Episode } from '@podz/proto';
import { playerItemOf, type PlayerItem } from '../lib/player-item';
import { usePlayer } from '../stores/player-store';

const ICONS = {
  play: 'M8 5v14l11-7z',
  next: 'M3 10h11v2H3zm0-4h11v2H3zm0 8h7v2H3zm13-1v8l6-4z',
  add: 'M14 10H3v2h11zm0-4H3v2h11zm4 8v-4h-2v4h-4v2h4v4h2v-4h4v-2zM3 16h7v-2H3z',
};

function IconButton({ label, icon, onClick }: { label: string; icon: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
        <path d={icon} />
      </svg>
    </button>
  );
}

/**
 * Play an episode in the site-wide player, now, next, or at the end of the queue. `item` is what
 * the player needs of it, or a read of it where the list does not carry its audio (search hits).
 */
export function PlayButtons({
  title,
  item,
}: {
  title: string;
  item: () => PlayerItem | Promise<PlayerItem>;
}) {
  const { play, playNext, addToQueue } = usePlayer.getState();
  const then = (action: (item: PlayerItem) => void) => () =>
    void Promise.resolve(item()).then(action, () => undefined);
  return (
    <div className="flex shrink-0 items-center gap-1 pr-3">
      <IconButton label={`Play ${title}`} icon={ICONS.play} onClick={then(play)} />
      <IconButton label={`Play ${title} next`} icon={ICONS.next} onClick={then(playNext)} />
      <IconButton label={`Add ${title} to the queue`} icon={ICONS.add} onClick={then(addToQueue)} />
    </div>
  );
}

/** The buttons of an episode a list carries whole. */
export function EpisodePlayButtons({ episode }: { episode: Episode }) {
  return <PlayButtons title={episode.title} item={() => playerItemOf(episode)} />;
}
