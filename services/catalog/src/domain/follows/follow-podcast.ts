import type { AuthUser } from '@podz/kit';
import type { CatalogDeps } from '../catalog-deps';
import { followablePodcast } from './followable-podcast';
import { settleFollow } from './settle-follow';

/**
 * `PATCH /api/podcasts/{id}/follow[?unfollow=true]`. Idempotent: the follow row records what the
 * member wants and the count follows it once; a repeat after a crash finishes what was left.
 */
export async function followPodcast(
  deps: Pick<CatalogDeps, 'follows' | 'podcasts'>,
  user: AuthUser,
  id: string,
  follow: boolean,
) {
  const podcast = await followablePodcast(deps, user, id);
  const row = await deps.follows.want(user.id, id, follow);
  const moved = row ? await settleFollow(deps, row) : undefined;
  // Nothing moved by this call (a repeat, or another tab's change): the count as it is now.
  const followerCount = moved ?? (await deps.podcasts.followerCount(id)) ?? podcast.followerCount ?? 0;
  return { following: follow, followerCount };
}
