import { on, onBatch, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  type EventData,
  type EventEnvelope,
  isPublicPerson,
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
import { refreshEpisodesOrFile, refreshOrFile } from '../domain/refresh-later';
import { removePerson } from '../domain/refresh-person';
import { removeShow } from '../domain/refresh-show';
import type { DocumentDeps } from '../domain/search-deps';

/** Any event of an episode's: those of its state say whether it is public. */
type EpisodeEvent = {
  time: string;
  data: { episodeId: string } | EventData<typeof episodeCreated>;
};

/**
 * Every event that can change what is public about a show, an episode or a person reads it again
 * from its owner and stores what a visitor would see (or files it for the sweep while the owner
 * does not answer): harmless twice, and the latest answer wins whatever order the events came in.
 * An event that says a show or episode is not public keeps it for its managers instead.
 */
export function keepDocuments(deps: DocumentDeps): Subscription[] {
  const show = (event: { time: string; data: { podcastId: string } }) =>
    refreshOrFile(deps, `show:${event.data.podcastId}`, new Date(event.time));
  // A show or episode that is not public is kept for its managers from what the event says.
  const showState = (event: { time: string; data: ShowState }) =>
    event.data.status === 'published' ? show(event) : keepDraftShow(deps, event.data);
  // A run of episode events (catching up, thousands of them) reads catalog a hundred at a time:
  // consecutive refreshes are read together, in order around any draft kept between them. Only
  // the created and updated events' state says whether the episode is public.
  const episodes = (stateSays: boolean) => async (events: EpisodeEvent[]) => {
    let wanted = new Map<string, Date>();
    const readWanted = async () => {
      if (wanted.size > 0) await refreshEpisodesOrFile(deps, wanted);
      wanted = new Map();
    };
    for (const { time, data } of events) {
      if (stateSays && 'status' in data && data.status !== 'published') {
        await readWanted();
        await keepDraftEpisode(deps, { ...data, status: data.status });
        continue;
      }
      const at = new Date(time);
      if (at >= (wanted.get(data.episodeId) ?? at)) wanted.set(data.episodeId, at);
    }
    await readWanted();
  };
  const person = (event: { time: string; data: { userId: string } }) =>
    refreshOrFile(deps, `person:${event.data.userId}`, new Date(event.time));
  // Most sign-ups are members, whom search never shows: nothing of theirs is stored to remove,
  // and the event that makes one a host or a guest reads them then.
  const registered = (event: EventEnvelope<EventData<typeof userRegistered>>) =>
    isPublicPerson(event.data.access) ? person(event) : Promise.resolve();
  return [
    on(podcastCreated, showState),
    on(podcastUpdated, showState),
    on(hostConfirmed, show),
    on(hostRemoved, show),
    on(podcastDeleted, (event) => removeShow(deps, event.data.podcastId, event.data.episodeIds)),
    onBatch(episodeCreated, episodes(true)),
    onBatch(episodeUpdated, episodes(true)),
    onBatch(episodePublished, episodes(false)),
    onBatch(guestAdded, episodes(false)),
    onBatch(guestRemoved, episodes(false)),
    on(episodeDeleted, (event) => removeEpisode(deps, event.data.episodeId, event.data.podcastId)),
    on(userRegistered, registered),
    on(userUpdated, person),
    on(userAccessChanged, person),
    on(userDeleted, (event) => removePerson(deps, event.data.userId)),
  ];
}
