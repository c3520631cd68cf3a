import { useCallback, useEffect, useState } from 'react';

/** The cache the service worker answers `/media/audio/…` from, ranges included (public/sw.js). */
export const OFFLINE_AUDIO_CACHE = 'podz-offline-audio';

const canKeep = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Episodes kept for offline listening: their whole audio in Cache Storage, where the service
 * worker finds it when the network is gone. Premium audio is not kept: its links expire with the
 * member's entitlement, and a copy would outlive it.
 */
export function useOfflineAudio(audioUrl: string | undefined, premium: boolean) {
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const offerable = canKeep() && !premium && Boolean(audioUrl);

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
        await cache.delete(audioUrl);
        setKept(false);
      } else {
        // The whole file, fetched past the service worker's own cache (it would answer itself).
        const res = await fetch(audioUrl, { headers: { 'x-podz-network': '1' } });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        await cache.put(audioUrl, res);
        setKept(true);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [audioUrl, kept]);

  return { offerable, kept, busy, failed, toggle };
}

/** How many episodes are kept for offline listening. */
export async function offlineCount(): Promise<number> {
  if (!canKeep()) return 0;
  return (await (await caches.open(OFFLINE_AUDIO_CACHE)).keys()).length;
}
