import { notFound, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { podcastView } from '../views';

/** `GET /api/podcasts/followed`: the caller's followed shows, most recently followed first. */
export async function followedPodcasts(
  deps: Pick<CatalogDeps, 'follows' | 'podcasts'>,
  user: AuthUser,
  query: { page: number; limit: number },
) {
  const ids = await deps.follows.podcastIdsOf(user.id);
  const shows = await deps.podcasts.findByIds(ids);
  const byId = new Map(shows.map((show) => [show.id, show]));
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
export async function followedPodcast(
  deps: Pick<CatalogDeps, 'follows' | 'podcasts'>,
  user: AuthUser,
  id: string,
) {
  if (!(await deps.follows.has(user.id, id))) throw notFound('Followed podcast');
  const podcast = await deps.podcasts.findById(id);
  if (!podcast) throw notFound('Followed podcast');
  return podcastView(podcast);
}
