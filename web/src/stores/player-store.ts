import { create } from 'zustand';
import type { PlayerItem } from '../lib/player-item';

// A visitor's queue stays in their browser; a member's is kept by the listening service too.
const QUEUE_KEY = 'podz.queue';

function storedQueue(): PlayerItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as PlayerItem[]) : [];
  } catch {
    return [];
  }
}

interface PlayerState {
  /** What the player bar holds; undefined until something is played. */
  current: PlayerItem | undefined;
  queue: PlayerItem[];
  /** Counts the requests to play `current` from the start of a listen (resume, then play). */
  started: number;
  play: (item: PlayerItem) => void;
  playNext: (item: PlayerItem) => void;
  addToQueue: (item: PlayerItem) => void;
  remove: (episodeId: string) => void;
  /** Moves an item one place up (-1) or down (1). */
  move: (episodeId: string, by: -1 | 1) => void;
  clear: () => void;
  /** Plays the queue's first item; false when the queue is empty. */
  next: () => boolean;
  /** The queue as another device left it. */
  replaceQueue: (queue: PlayerItem[]) => void;
}

const without = (queue: PlayerItem[], episodeId: string) =>
  queue.filter((item) => item.episodeId !== episodeId);

/**
 * The site-wide player's state: what plays and what comes next. Small on purpose: every list's
 * play buttons use it, so it is in every first load; the bar and its audio load on first play.
 */
export const usePlayer = create<PlayerState>()((set, get) => {
  const keep = (queue: PlayerItem[]) => {
    try {
      localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
    } catch {
      // Storage full or refused: the queue still works for this visit.
    }
    return queue;
  };
  return {
    current: undefined,
    queue: storedQueue(),
    started: 0,
    play: (item) =>
      set((state) => ({
        current: item,
        queue: keep(without(state.queue, item.episodeId)),
        started: state.started + 1,
      })),
    playNext: (item) => {
      if (!get().current) return get().play(item);
      set((state) => ({ queue: keep([item, ...without(state.queue, item.episodeId)]) }));
    },
    addToQueue: (item) =>
      set((state) =>
        state.current?.episodeId === item.episodeId ||
        state.queue.some((queued) => queued.episodeId === item.episodeId)
          ? state
          : { queue: keep([...state.queue, item]) },
      ),
    remove: (episodeId) => set((state) => ({ queue: keep(without(state.queue, episodeId)) })),
    move: (episodeId, by) =>
      set((state) => {
        const from = state.queue.findIndex((item) => item.episodeId === episodeId);
        const to = from + by;
        if (from < 0 || to < 0 || to >= state.queue.length) return state;
        const queue = [...state.queue];
        const [item] = queue.splice(from, 1);
        if (item) queue.splice(to, 0, item);
        return { queue: keep(queue) };
      }),
    clear: () => set({ queue: keep([]) }),
    next: () => {
      const [first] = get().queue;
      if (!first) return false;
      get().play(first);
      return true;
    },
    replaceQueue: (queue) => set({ queue: keep(queue) }),
  };
});
