import { on, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodePublished,
  episodeUpdated,
  guestAdded,
  guestRemoved,
  hostConfirmed,
  hostRemoved,
  podcastCreated,
  podcastDeleted,
  podcastUpdated,
  userAccessChanged,
  userDeleted,
  userRegistered,
  userUpdated,
} from '@podz/proto';
import { refreshEpisode, removeEpisode } from '../domain/refresh-episode';
import { refreshPerson, removePerson } from '../domain/refresh-person';
import { refreshShow, removeShow } from '../domain/refresh-show';
import type { SearchDeps } from '../domain/search-deps';

/**
 * Every event that can change what is public about a show, an episode or a person reads it again
 * from its owner and stores what a visitor would see: harmless twice, and the latest answer wins
 * whatever the order the events came in.
 */
export function keepDocuments(deps: SearchDeps): Subscription[] {
  const show = (event: { time: string; data: { podcastId: string } }) =>
    refreshShow(deps, event.data.podcastId, new Date(event.time));
  const episode = (event: { time: string; data: { episodeId: string } }) =>
    refreshEpisode(deps, event.data.episodeId, new Date(event.time));
  const person = (event: { data: { userId: string } }) => refreshPerson(deps, event.data.userId);
  return [
    on(podcastCreated, show),
    on(podcastUpdated, show),
    on(hostConfirmed, show),
    on(hostRemoved, show),
    on(podcastDeleted, (event) => removeShow(deps, event.data.podcastId, event.data.episodeIds)),
    on(episodeCreated, episode),
    on(episodeUpdated, episode),
    on(episodePublished, episode),
    on(guestAdded, episode),
    on(guestRemoved, episode),
    on(episodeDeleted, (event) => removeEpisode(deps, event.data.episodeId, event.data.podcastId)),
    on(userRegistered, person),
    on(userUpdated, person),
    on(userAccessChanged, person),
    on(userDeleted, (event) => removePerson(deps, event.data.userId)),
  ];
}
