import { type AuthUser } from '@podz/kit';
import type { CatalogDeps } from './catalog-deps';
import { episodeView, showSummary } from './views';
import { visibleEpisode } from './episode-queries';

export async function getEpisode(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  const { episode, podcast } = await visibleEpisode(deps, user, id);
  return episodeView(episode, showSummary(podcast));
}

/** `GET /api/episodes/{id}/guests`. */
export async function episodeGuests(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  const { episode } = await visibleEpisode(deps, user, id);
  return episode.guests.map((guest) => ({
    id: guest.id,
    username: guest.username ?? '',
    profilePicture: guest.profilePicture ?? '',
  }));
}
