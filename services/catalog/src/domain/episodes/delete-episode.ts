import { type AuthUser, pendingEvent } from '@podz/kit';
import { episodeDeleted } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { dropEpisodes } from './place-episode';
import { managedEpisode } from './episode-rules';

/** `DELETE /api/episodes/{id}`: the show's owner or an admin. */
export async function deleteEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser,
  id: string,
) {
  const { episode } = await managedEpisode(deps, user, id);
  await deps.episodes.markDeleted(id, [
    pendingEvent(episodeDeleted, id, { episodeId: id, podcastId: episode.podcast }),
  ]);
  await dropEpisodes(deps, [id]);
}
