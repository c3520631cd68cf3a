import type { CatalogDeps } from './catalog-deps';
import { invalidateResponses } from './invalidate-responses';
import { removePodcast } from './shows/delete-podcast';
import { settleFollow } from './follows/settle-follow';

/** A deleted user's shows go, and so do their follows, host links, crew credits and guest appearances. */
export async function forgetUser(
  deps: Pick<CatalogDeps, 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'users'>,
  userId: string,
): Promise<void> {
  for (const podcast of await deps.podcasts.all({ ownerId: userId })) await removePodcast(deps, podcast);
  // Each count settled the way an unfollow is, without announcing it: the member is gone.
  for (const podcastId of await deps.follows.podcastIdsOf(userId)) {
    const row = await deps.follows.want(userId, podcastId, false);
    if (row) await settleFollow(deps, row, { announce: false });
  }
  await deps.follows.removeAllOfUser(userId);
  await deps.podcasts.dropPerson(userId);
  await deps.episodes.dropGuest(userId);
  await deps.users.remove(userId);
  await invalidateResponses(deps);
}
