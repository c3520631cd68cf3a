import type { SessionUser } from '@podz/proto';
import { create } from 'zustand';
import { ApiFailure } from '../lib/api-client';
import { fetchSession, logClientError, signInWithCredentials, signOut } from '../lib/auth-client';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | undefined;
  /** Reads the session again: on start, on window focus, and after changes that alter access. */
  refresh: () => Promise<void>;
  signIn: (username: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

/** The session of spec §4: `loading` until the first answer, then authenticated or not. */
export const useSession = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: undefined,
  refresh: async () => {
    try {
      const session = await fetchSession();
      set({ status: session ? 'authenticated' : 'unauthenticated', user: session?.user });
    } catch (error) {
      // NextAuth's names (spec §8): the call did not get through, or its answer was unusable.
      logClientError(error instanceof ApiFailure ? 'CLIENT_SESSION_ERROR' : 'CLIENT_FETCH_ERROR', error);
      // A failed refresh keeps what we knew; a failed first read leaves the visitor signed out.
      if (get().status === 'loading') set({ status: 'unauthenticated', user: undefined });
    }
  },
  signIn: async (username, password) => {
    await signInWithCredentials(username, password);
    await get().refresh();
  },
  signOut: async () => {
    try {
      await signOut();
    } finally {
      set({ status: 'unauthenticated', user: undefined });
    }
  },
}));

/** Spec §4/§9: the session is refetched whenever the window regains focus. */
export function refetchSessionOnFocus(): () => void {
  const onFocus = () => {
    if (document.visibilityState === 'visible') void useSession.getState().refresh();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}
