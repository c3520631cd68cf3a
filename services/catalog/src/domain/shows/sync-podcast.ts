import type { CatalogDeps } from '../catalog-deps';
import { placePodcast, dropPodcast } from './place-podcast';

export async function syncPodcast(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  id: string,
): Promise<void> {
  const podcast = await deps.podcasts.refresh(id);
  await (podcast ? placePodcast(deps, podcast) : dropPodcast(deps, id, []));
}
