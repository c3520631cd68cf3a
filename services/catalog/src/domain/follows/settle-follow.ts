import { newId, pendingEvent } from '@podz/kit';
import { podcastFollowed, podcastUnfollowed } from '@podz/proto';
import type { FollowRow } from '../../data/follow-repository';
import type { CatalogDeps } from '../catalog-deps';

/** How long a request waits for another that counted the same change to settle it. */
const OTHER_REQUEST_WAIT_MS = 2_000;

/**
 * Brings the show's follower count to what the follow row wants. Each change is named on the row
 * first, counted on the show under that name (so a retry never counts it twice), then settled on the
 * row together with its event, which carries the count after the change. Two tabs, or a follow and
 * an unfollow racing, settle one change at a time. Answers the count, when this call moved it.
 */
export async function settleFollow(
  deps: Pick<CatalogDeps, 'follows' | 'podcasts'>,
  row: FollowRow,
  options: { announce: boolean } = { announce: true },
): Promise<number | undefined> {
  let followerCount: number | undefined;
  let current: FollowRow | null = row;
  while (current && current.following !== current.counted) {
    if (!current.opId) {
      current = await deps.follows.claimCountChange(current);
      continue;
    }
    const { podcastId, userId, opId } = current;
    const delta = current.counted ? -1 : 1;
    const counted = await deps.podcasts.adjustFollowers(podcastId, delta, opId);
    if (counted && !counted.byThisCall) {
      // Another request counted this change (a second tab): it settles the row with the count its
      // write left. Only if it died before doing so does this one settle it.
      const settled = await deps.follows.settledAfter(current, opId, OTHER_REQUEST_WAIT_MS);
      if (settled) {
        current = settled;
        continue;
      }
    }
    const event = delta === 1 ? podcastFollowed : podcastUnfollowed;
    const events =
      counted !== null && options.announce
        ? [pendingEvent(event, podcastId, { podcastId, userId, followerCount: counted.followerCount })]
        : [];
    const byThisCall = Boolean(counted?.byThisCall);
    const settledHere = await deps.follows.settle(current, opId, !current.counted, events, byThisCall);
    followerCount = counted?.followerCount;
    current = await deps.follows.find(userId, podcastId);
    if (!settledHere && byThisCall && current?.settledOp?.id === opId && current.settledOp.counted) {
      // Another request counted this change and settled it (and the show forgot it) after this one
      // read the row: this count was a second one, so it is taken back under a name of its own.
      const undo = newId();
      await deps.podcasts.adjustFollowers(podcastId, delta === 1 ? -1 : 1, undo);
      await deps.podcasts.forgetFollowOp(podcastId, undo);
      followerCount = undefined;
    }
    await deps.podcasts.forgetFollowOp(podcastId, opId);
  }
  return followerCount;
}
