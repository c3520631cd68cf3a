import { notFound, type AuthUser } from '@podz/kit';
import type { CatalogDeps } from '../catalog-deps';
import { canSeeUnpublished } from '../shows/podcast-rules';

/** A show the caller may follow: published, or one they may see unpublished. */
export async function followablePodcast(deps: Pick<CatalogDeps, 'podcasts'>, user: AuthUser, id: string) {
  const podcast = await deps.podcasts.findById(id);
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  return podcast;
}
