import { lazy, Suspense } from 'react';
import { usePlayer } from '../stores/player-store';
import { useSession } from '../stores/session-store';

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
 * Where the site-wide player lives: beside the routes, so it outlives every navigation. This
 * module loads just after the first render (with the service worker's registration); the bar on
 * first play (or with a queue waiting), and for a member at once, as their queue or their place
 * may be waiting from another device.
 */
export default function PlayerDock() {
  const wanted = usePlayer((state) => state.current !== undefined || state.queue.length > 0);
  const member = useSession((state) => state.user !== undefined);
  if (!wanted && !member) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  );
}
