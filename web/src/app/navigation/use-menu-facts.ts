import { useHostInvitations, useGuestEpisodes } from '../../features/hosting/api/hosting-api';
import { useMyRequest } from '../../features/requests/api/requests-api';
import { useMessageCount } from '../../stores/message-count-store';
import { hasAnyAccess, type SessionUser } from '@podz/proto';
import { paths } from '../../config/paths';
import { holds, rolesOf } from '../../lib/route-access';
import type { MenuFacts } from './side-menu';

/**
 * The side menu's conditions (spec §2), each read only for users whose access could show the
 * entry: Host Requests (user, host), Guest PODZ (guest), My PODZ (user, owner).
 */
export function useMenuFacts(user: SessionUser): MenuFacts {
  const opens = (path: string) => hasAnyAccess(user.access, rolesOf(path));
  const newMessages = useMessageCount((state) => state.count);
  const hosting = useHostInvitations(1, opens(paths.hostRequests.path));
  const guesting = useGuestEpisodes(user.id, 1, opens(paths.guestPodz.path));
  const isOwner = holds(user.access, 'runsShows');
  const ownerRequest = useMyRequest('owner', { enabled: opens(paths.podcasts.path) && !isOwner });
  return {
    newMessages,
    hostsAShow: (hosting.data?.total ?? 0) > 0,
    guestsAnEpisode: (guesting.data?.total ?? 0) > 0,
    // Owners always manage their shows; others see My PODZ once they asked to become one.
    ownerRequestCheck: isOwner || Boolean(ownerRequest.data),
  };
}
