import { on, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  type EventData,
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
import { keepDraftEpisode, keepDraftShow, type ShowState } from '../domain/keep-drafts';
import { removeEpisode } from '../domain/refresh-episode';
import { refreshOrFile } from '../domain/refresh-later';
import { removePerson } from '../domain/refresh-person';
import { removeShow } from '../domain/refresh-show';
import type { SearchDeps } from '../domain/search-deps';

/**
 * Every event that can change what is public about a show, an episode or a person reads it again
 * from its owner and stores what a visitor would see (or files it for the sweep while the owner
 * does not answer): harmless twice, and the latest answer wins whatever order the events came in.
 * An event that says a show or episode is not public keeps it for its managers instead.
 */
export function keepDocuments(deps: SearchDeps): Subscription[] {
  const show = (event: { time: string; data: { podcastId: string } }) =>
    refreshOrFile(deps, `show:${event.data.podcastId}`, new Date(event.time));
  const episode = (event: { time: string; data: { episodeId: string } }) =>
    refreshOrFile(deps, `episode:${event.data.episodeId}`, new Date(event.time));
  // A show or episode that is not public is kept for its managers from what the event says.
  const showState = (event: { time: string; data: ShowState }) =>
    event.data.status === 'published' ? show(event) : keepDraftShow(deps, event.data);
  const episodeState = (event: { time: string; data: EventData<typeof episodeCreated> }) => {
    const { data } = event;
    return data.status === 'published'
      ? episode(event)
      : keepDraftEpisode(deps, { ...data, status: data.status });
  };
  const person = (event: { time: string; data: { userId: string } }) =>
    refreshOrFile(deps, `person:${event.data.userId}`, new Date(event.time));
  return [
    on(podcastCreated, showState),
    on(podcastUpdated, showState),
    on(hostConfirmed, show),
    on(hostRemoved, show),
    on(podcastDeleted, (event) => removeShow(deps, event.data.podcastId, event.data.episodeIds)),
    on(episodeCreated, episodeState),
    on(episodeUpdated, episodeState),
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
