import type { AuthUser } from '@podz/kit';
import type { CatalogDeps } from './catalog-deps';
import { followablePodcast } from './followable-podcast';
import { settleFollow } from './settle-follow';

/**
 * `PATCH /api/podcasts/{id}/follow[?unfollow=true]`. Idempotent: the follow row records what the
 * member wants and the count follows it once; a repeat after a crash finishes what was left.
 */
export async function followPodcast(deps: CatalogDeps, user: AuthUser, id: string, follow: boolean) {
  const podcast = await followablePodcast(deps, user, id);
  const row = await deps.follows.want(user.id, id, follow);
  const followerCount = row ? await settleFollow(deps, row) : undefined;
  return { following: follow, followerCount: followerCount ?? podcast.followerCount ?? 0 };
}
