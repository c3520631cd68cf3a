import { useEffect, useRef } from 'react';
import { ApiFailure } from '../../lib/api-client';
import { playerItemOf, type PlayerItem } from '../../lib/player-item';
import { usePlayer } from '../../stores/player-store';
import { fetchEpisodes, fetchQueue, saveQueue } from './api/listening-api';

const SAVE_AFTER_MS = 400;

const idsOf = (queue: PlayerItem[]) => queue.map((item) => item.episodeId);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, n) => id === b[n]);

async function itemsOf(ids: string[]): Promise<PlayerItem[]> {
  return (await fetchEpisodes(ids)).map(playerItemOf);
}

/**
 * A member's queue kept by the listening service, so that it follows them to any device: read at
 * start (this browser's wins when it holds one the server does not), then saved after each change.
 * When another device saved first, the server's is taken, as the 409 asks.
 */
export function useQueueSync(userId: string | undefined): void {
  const version = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let saved: string[] = [];
    const take = async () => {
      const server = await fetchQueue(userId);
      version.current = server.version;
      saved = server.episodeIds;
      const local = idsOf(usePlayer.getState().queue);
      if (local.length === 0 && server.episodeIds.length > 0) {
        const items = await itemsOf(server.episodeIds);
        if (!stopped) usePlayer.getState().replaceQueue(items);
        saved = idsOf(items);
      }
    };
    const save = async () => {
      const ids = idsOf(usePlayer.getState().queue);
      if (version.current === undefined || same(ids, saved)) return;
      try {
        const answer = await saveQueue(userId, ids, version.current);
        version.current = answer.version;
        saved = answer.episodeIds;
      } catch (error) {
        if (!(error instanceof ApiFailure && error.status === 409)) return;
        usePlayer.getState().replaceQueue([]);
        await take();
      }
    };
    void take()
      .then(save)
      .catch(() => undefined);
    const unsubscribe = usePlayer.subscribe((state, before) => {
      if (state.queue === before.queue) return;
      clearTimeout(timer);
      timer = setTimeout(() => void save().catch(() => undefined), SAVE_AFTER_MS);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userId]);
}
