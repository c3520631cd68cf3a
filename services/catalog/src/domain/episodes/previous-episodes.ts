import { type AuthUser } from '@podz/kit';
import type { CatalogDeps } from '../catalog-deps';
import { episodeView, showSummary } from '../views';
import { showEpisodePage } from './show-episode-page';
import { visibleEpisode } from './episode-queries';

/** `GET /api/episodes/{id}/prevEpisodes?limit`: the same show's public episodes before this one. */
export async function previousEpisodes(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser | undefined,
  id: string,
  limit: number,
) {
  const { episode, podcast } = await visibleEpisode(deps, user, id);
  const upTo = new Date(Math.min(Date.now(), episode.publishedAt.getTime()));
  // One more than asked: the episode itself is on the page when nothing else ties with it.
  const { items } = await showEpisodePage(deps, episode.podcast, {
    all: false,
    upTo,
    page: 1,
    limit: limit + 1,
  });
  return items
    .filter((record) => record.id !== episode.id)
    .slice(0, limit)
    .map((record) => episodeView(record, showSummary(podcast)));
}
