import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { Button } from '../../../components/ui/button';
import { useFollowState, useSetFollow } from '../api/follow-api';

/** Follow / Following: visitors are sent to sign in first. */
export function FollowButton({ podcastId, followerCount }: { podcastId: string; followerCount: number }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const navigate = useNavigate();
  const toast = useUi((state) => state.toast);
  const state = useFollowState(podcastId, signedIn);
  const setFollow = useSetFollow(podcastId);
  const following = state.data?.following ?? false;
  const count = state.data?.followerCount ?? followerCount;

  const onClick = () => {
    if (!signedIn) {
      navigate(paths.login.href());
      return;
    }
    setFollow.mutate(!following, {
      onSuccess: (next) => toast(next.following ? 'You follow this show' : 'You no longer follow this show'),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <div className="flex items-center gap-3">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        disabled={setFollow.isPending || (signedIn && state.isPending)}
        onClick={onClick}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      <span className="text-sm text-slate-600">
        {count} {count === 1 ? 'follower' : 'followers'}
      </span>
    </div>
  );
}
