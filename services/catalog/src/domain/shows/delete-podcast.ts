import { pendingEvent, type AuthUser } from '@podz/kit';
import { podcastDeleted } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { dropPodcast } from './place-podcast';

import { canManage, showAllowing } from './podcast-rules';

/** `DELETE /api/podcasts/{id}`: the owner or an admin; its episodes and follows go with it. */
export async function deletePodcast(
  deps: Pick<CatalogDeps, 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  id: string,
) {
  const podcast = await showAllowing(
    deps,
    id,
    (show) => canManage(user, show),
    'Only the show’s owner or an admin can delete it',
  );
  await removePodcast(deps, podcast);
}

/** Deletes a show with everything that hangs off it (also when its owner's account goes). */
export async function removePodcast(
  deps: Pick<CatalogDeps, 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  podcast: PodcastRecord,
) {
  const id = podcast.id;
  const episodeIds = await deps.episodes.idsOfPodcast(id);
  await deps.podcasts.markDeleted(id, [
    pendingEvent(podcastDeleted, id, { podcastId: id, ownerId: podcast.owner.id, episodeIds }),
  ]);
  await deps.episodes.deleteOfPodcast(id);
  await deps.follows.removeAllOfPodcast(id);
  await dropPodcast(deps, id, episodeIds);
  deps.logger.info({ podcastId: id, episodes: episodeIds.length }, 'podcast deleted');
}
