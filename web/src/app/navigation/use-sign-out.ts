import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../stores/session-store';
import { useUi } from '../../stores/ui-store';

/** Spec §2/§8: a toast either way, then home; cached private data goes with the session. */
export function useSignOut() {
  const signOut = useSession((state) => state.signOut);
  const toast = useUi((state) => state.toast);
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast('You have been signed out');
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
    client.clear();
    navigate('/', { replace: true });
  };
}
