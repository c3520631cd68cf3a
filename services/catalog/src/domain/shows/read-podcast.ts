import { notFound, type AuthUser } from '@podz/kit';
import { PODCAST_EPISODES_PAGE_SIZE, type ShowPage } from '@podz/proto';
import type { PodcastRecord } from '../../data/catalog-models';
import type { CatalogDeps } from '../catalog-deps';
import { canSeeUnpublished } from './podcast-rules';
import { episodesOfShow, pageOf } from '../episodes/podcast-episodes';
import { podcastView } from '../views';

/** One show; one that is not published only for those who may see it (else 404, so it leaks nothing). */
function visible(user: AuthUser | undefined, podcast: PodcastRecord | null): PodcastRecord {
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  return podcast;
}

export async function getPodcast(
  deps: Pick<CatalogDeps, 'podcasts'>,
  user: AuthUser | undefined,
  id: string,
) {
  return podcastView(visible(user, await deps.podcasts.findById(id)));
}

/**
 * `GET /api/podcasts/name/{name}`: by URL name (`uId`) or by name in any case; `withEpisodes`, with
 * its first page of episodes as `podcast-episodes` answers this caller, so that a show page is one
 * read instead of two in a row.
 */
export async function getPodcastByName(
  deps: Pick<CatalogDeps, 'background' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
  user: AuthUser | undefined,
  name: string,
  { withEpisodes = false }: { withEpisodes?: boolean } = {},
): Promise<ShowPage> {
  const firstPage = { page: 1, limit: PODCAST_EPISODES_PAGE_SIZE };
  // A visitor's show page: when this process knows which show the name was, its public episodes
  // are read beside the show (the two go to Redis in one write), kept only if the name still
  // names that show. Saves a round trip in a row on every show page rendered.
  const guessed = withEpisodes && !user ? deps.podcasts.idLastNamed(name) : undefined;
  const [found, aheadPage] = await Promise.all([
    deps.podcasts.findByName(name),
    guessed ? pageOf(deps, guessed, false, firstPage) : undefined,
  ]);
  const record = visible(user, found);
  const podcast = podcastView(record);
  if (!withEpisodes) return podcast;
  const publicPage = record.id === guessed ? aheadPage : undefined;
  const episodes = await episodesOfShow(deps, user, record, firstPage, publicPage);
  return { ...podcast, episodes };
}
