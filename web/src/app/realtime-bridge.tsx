import { lazy, Suspense, useEffect } from 'react';
import { useMessageCount } from '../stores/message-count-store';
import { useSession } from '../stores/session-store';

// Loaded on sign-in only: a visitor's first load carries neither it nor the socket client.
const LiveConnection = lazy(() => import('./live-connection'));

/** While signed in, the live connection (`live-connection.tsx`); signed out, no badge count. */
export function RealtimeBridge() {
  const userId = useSession((state) => (state.status === 'authenticated' ? state.user?.id : undefined));
  const setCount = useMessageCount((state) => state.setCount);
  useEffect(() => {
    if (!userId) setCount(0);
  }, [userId, setCount]);
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection userId={userId} />
    </Suspense>
  );
}
