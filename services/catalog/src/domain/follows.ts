import { notFound, pendingEvent, type AuthUser } from '@podz/kit';
import { paginated, podcastFollowed, podcastUnfollowed } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';
import { canSeeUnpublished } from './podcasts';
import { podcastView } from './views';

async function followable(deps: CatalogDeps, user: AuthUser, id: string) {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  return podcast;
}

/** `GET /api/podcasts/{id}/follow`. */
export async function followState(deps: CatalogDeps, user: AuthUser, id: string) {
  const podcast = await followable(deps, user, id);
  return { following: await deps.follows.has(user.id, id), followerCount: podcast.followerCount ?? 0 };
}

/**
 * `PATCH /api/podcasts/{id}/follow[?unfollow=true]`. Both are idempotent: the unique follow row
 * decides, and the count and the event move only when the row did.
 */
export async function setFollow(deps: CatalogDeps, user: AuthUser, id: string, follow: boolean) {
  const podcast = await followable(deps, user, id);
  const changed = follow ? await deps.follows.add(user.id, id) : await deps.follows.remove(user.id, id);
  if (!changed) return { following: follow, followerCount: podcast.followerCount ?? 0 };
  const followerCount = Math.max(0, (podcast.followerCount ?? 0) + (follow ? 1 : -1));
  const event = follow ? podcastFollowed : podcastUnfollowed;
  const updated = await deps.podcasts.update(id, { $inc: { followerCount: follow ? 1 : -1 } }, [
    pendingEvent(event, id, { podcastId: id, userId: user.id, followerCount }),
  ]);
  return { following: follow, followerCount: updated?.followerCount ?? followerCount };
}

/** `GET /api/podcasts/followed`: the caller's followed shows, most recently followed first. */
export async function followedPodcasts(
  deps: CatalogDeps,
  user: AuthUser,
  query: { page: number; limit: number },
) {
  const ids = await deps.follows.podcastIdsOf(user.id);
  const shows = await deps.podcasts.findByIds(ids);
  const byId = new Map(shows.map((show) => [show._id.toHexString(), show]));
  const ordered = ids.map((id) => byId.get(id)).filter((show) => show !== undefined);
  const start = (query.page - 1) * query.limit;
  return paginated(
    ordered.slice(start, start + query.limit).map(podcastView),
    ordered.length,
    query.page,
    query.limit,
  );
}

/** `GET /api/podcasts/followed/{id}`: that show when the caller follows it, else 404. */
export async function followedPodcast(deps: CatalogDeps, user: AuthUser, id: string) {
  if (!(await deps.follows.has(user.id, id))) throw notFound('Followed podcast');
  const podcast = await deps.podcasts.findById(id);
  if (!podcast) throw notFound('Followed podcast');
  return podcastView(podcast);
}
