import type { AuthUser } from '@podz/kit';
import type { CatalogDeps } from '../catalog-deps';
import { followablePodcast } from './followable-podcast';

/** `GET /api/podcasts/{id}/follow`. */
export async function followState(
  deps: Pick<CatalogDeps, 'follows' | 'podcasts'>,
  user: AuthUser,
  id: string,
) {
  const podcast = await followablePodcast(deps, user, id);
  return { following: await deps.follows.has(user.id, id), followerCount: podcast.followerCount ?? 0 };
}
