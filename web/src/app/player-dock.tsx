import { lazy, Suspense, useEffect } from 'react';
import { OFFLINE_AUDIO_CACHE } from '../features/player/offline';
import { reviewPremiumCopies } from '../features/player/offline-licences';
import { usePlayer } from '../stores/player-store';
import { useSession } from '../stores/session-store';
import { useUi } from '../stores/ui-store';

const PlayerBar = lazy(() => import('../features/player/components/player-bar'));

// One audio at a time: the player bar and an episode page's own player never play over each other.
document.addEventListener(
  'play',
  (event) => {
    for (const audio of document.querySelectorAll('audio')) if (audio !== event.target) audio.pause();
  },
  true,
);

// The app shell offline, and episodes kept for offline listening (public/sw.js). Built apps only:
// in development the worker would keep serving stale modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

/**
 * Premium copies kept for offline follow the member's plan: reviewed whenever who is signed in
 * becomes known or changes, and when the network comes back.
 */
function useOfflineReview() {
  const status = useSession((state) => state.status);
  const userId = useSession((state) => state.user?.id);
  const toast = useUi((state) => state.toast);
  useEffect(() => {
    if (status === 'loading') return;
    const review = () =>
      void reviewPremiumCopies(OFFLINE_AUDIO_CACHE, userId).then((dropped) => {
        if (dropped === 0) return;
        const episodes = dropped === 1 ? 'a members’ episode' : `${dropped} members’ episodes`;
        toast(`Removed ${episodes} kept for offline: they stay only while your plan includes them.`);
      });
    review();
    window.addEventListener('online', review);
    return () => window.removeEventListener('online', review);
  }, [status, userId, toast]);
}

/**
 * Where the site-wide player lives: beside the routes, so it outlives every navigation. This
 * module loads just after the first render (with the service worker's registration); the bar on
 * first play (or with a queue waiting), and for a member at once, as their queue or their place
 * may be waiting from another device. Premium copies kept for offline are reviewed from here, so
 * they follow the plan even when nothing plays.
 */
export default function PlayerDock() {
  useOfflineReview();
  const wanted = usePlayer((state) => state.current !== undefined || state.queue.length > 0);
  const member = useSession((state) => state.user !== undefined);
  if (!wanted && !member) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  );
}
