import { type AuthUser } from '@podz/kit';
import type { EpisodesByIds } from '@podz/proto';
import type { CatalogDeps } from '../catalog-deps';
import { episodeView, showSummary } from '../views';
import { isPublicEpisode, visibleEpisode } from './episode-queries';

export async function getEpisode(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  user: AuthUser | undefined,
  id: string,
) {
  const { episode, podcast } = await visibleEpisode(deps, user, id);
  return episodeView(episode, showSummary(podcast));
}

/** `GET /api/episodes/{id}/guests`. */
export async function episodeGuests(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  user: AuthUser | undefined,
  id: string,
) {
  const { episode } = await visibleEpisode(deps, user, id);
  return episode.guests.map((guest) => ({
    id: guest.id,
    username: guest.username ?? '',
    profilePicture: guest.profilePicture ?? '',
  }));
}

/**
 * `GET /api/episodes/by-ids`: what `GET /api/episodes/{id}` answers a visitor, for each id at once
 * (keyed reads of the records, then of their shows); ids not public or gone are left out. The same
 * answer whoever asks: a manager reads drafts one at a time.
 */
export async function publicEpisodesByIds(
  deps: Pick<CatalogDeps, 'episodes' | 'podcasts'>,
  ids: string[],
): Promise<EpisodesByIds> {
  const now = new Date();
  const episodes = await deps.episodes.findByIds(ids);
  const shows = await deps.podcasts.findByIds([...new Set(episodes.map((episode) => episode.podcast))]);
  const showsById = new Map(shows.map((show) => [show.id, show]));
  return {
    items: episodes.flatMap((episode) => {
      const show = showsById.get(episode.podcast);
      return show && isPublicEpisode(episode, show, now) ? [episodeView(episode, showSummary(show))] : [];
    }),
  };
}
