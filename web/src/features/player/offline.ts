import { useCallback, useEffect, useState } from 'react';
import type { PlayerItem } from '../../lib/player-item';
import { useSession } from '../../stores/session-store';
import { dropCopy, licenceCopy } from './offline-licences';

/** The cache the service worker answers `/media/audio/…` from, ranges included (public/sw.js). */
export const OFFLINE_AUDIO_CACHE = 'podz-offline-audio';

const canKeep = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Episodes kept for offline listening: their whole audio in Cache Storage, where the service
 * worker finds it when the network is gone. A premium episode is kept for a member its show's
 * plans unlock, with a licence that goes with their plan (./offline-licences).
 */
export function useOfflineAudio(item: PlayerItem | undefined) {
  const userId = useSession((state) => state.user?.id);
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const audioUrl = item?.audioUrl;
  const premium = item?.premium ?? false;
  const showId = item?.showId;
  const offerable = canKeep() && Boolean(audioUrl) && (!premium || (userId !== undefined && Boolean(showId)));

  useEffect(() => {
    setFailed(false);
    if (!offerable || !audioUrl) return setKept(false);
    let current = true;
    void caches
      .open(OFFLINE_AUDIO_CACHE)
      .then((cache) => cache.match(audioUrl))
      .then((found) => current && setKept(Boolean(found)));
    return () => {
      current = false;
    };
  }, [audioUrl, offerable]);

  const toggle = useCallback(async () => {
    if (!audioUrl) return;
    setBusy(true);
    setFailed(false);
    try {
      const cache = await caches.open(OFFLINE_AUDIO_CACHE);
      if (kept) {
        await dropCopy(cache, audioUrl);
        setKept(false);
      } else {
        // The whole file, fetched past the service worker's own cache (it would answer itself).
        const res = await fetch(audioUrl, { headers: { 'x-podz-network': '1' } });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        if (premium && showId && userId) await licenceCopy(audioUrl, showId, userId);
        await cache.put(audioUrl, res);
        setKept(true);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [audioUrl, kept, premium, showId, userId]);

  return { offerable, kept, premium, busy, failed, toggle };
}

/** How many episodes are kept for offline listening. */
export async function offlineCount(): Promise<number> {
  if (!canKeep()) return 0;
  return (await (await caches.open(OFFLINE_AUDIO_CACHE)).keys()).length;
}
