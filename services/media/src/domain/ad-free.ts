import { isAdmin, type AuthUser } from '@podz/kit';
import { onPaidPlan } from '@podz/read-models';
import type { MediaPorts } from './media-ports';

/**
 * Whether a request is a paying member's, who hears the network without inserted ads and promos:
 * through their private feed of this show (its signed audio key, `?k=`), or in their session. An
 * admin hears it plain too. A key that is malformed, expired or another show's makes no one ad
 * free (the file itself is public: it is served, with whatever its listener's decision holds).
 */
export async function listensWithoutAds(
  deps: Pick<MediaPorts, 'grants' | 'tokens'>,
  showId: string,
  request: { key?: unknown; user?: AuthUser | undefined },
  now = Date.now(),
): Promise<boolean> {
  const pays = async (userId: string) => onPaidPlan(await deps.grants.entitlement(userId, now));
  if (typeof request.key === 'string') {
    const check = deps.tokens.checkAudioKey(request.key, now);
    if (check.ok) {
      const feed = await deps.grants.feed(check.feedId, now);
      if (feed && feed.podcastId === showId && !feed.suspended && (await pays(feed.userId))) return true;
    }
  }
  const { user } = request;
  if (!user) return false;
  return isAdmin(user) || pays(user.id);
}
