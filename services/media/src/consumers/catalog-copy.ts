import { on, onBatch, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodePublished,
  episodeRestated,
  episodeUpdated,
  hostConfirmed,
  hostRemoved,
  podcastCreated,
  podcastDeleted,
  podcastRestated,
  podcastUpdated,
  type EventData,
} from '@podz/proto';
import type { CatalogCopies, EpisodeState, ShowState } from '../data/catalog-copies';

type ShowEvent = { data: EventData<typeof podcastCreated> };
type EpisodeEvent = { data: EventData<typeof episodeCreated> };

const AUDIO_PATH = '/media/audio/';

const showState = ({ data }: ShowEvent): ShowState => ({
  _id: data.podcastId,
  ownerId: data.ownerId,
  status: data.status,
  premium: data.premium,
  teamIds: data.teamIds,
});

const episodeState = ({ data }: EpisodeEvent): EpisodeState => ({
  _id: data.episodeId,
  podcastId: data.podcastId,
  status: data.status,
  publishedAt: new Date(data.publishedAt),
  audioFile:
    data.audioUrl === undefined
      ? undefined
      : data.audioUrl.startsWith(AUDIO_PATH)
        ? data.audioUrl.slice(AUDIO_PATH.length)
        : null,
  imagePath: data.imagePath,
  premium: data.premium,
});

/**
 * Media's copy of catalog's shows and episodes (`CatalogCopies`), from every event that states
 * one, `restated` included; host events move the team. Each write sets by key from the event, so
 * the group keeps no handled-event records.
 */
export function catalogCopySubscriptions(copies: CatalogCopies): Subscription[] {
  const shows = (events: ShowEvent[]) => copies.saveShows(events.map(showState));
  const episodes = (events: EpisodeEvent[]) => copies.saveEpisodes(events.map(episodeState));
  return [
    ...[podcastCreated, podcastUpdated, podcastRestated].map((definition) => onBatch(definition, shows)),
    on(hostConfirmed, ({ data }) => copies.joinTeam(data.podcastId, data.userId)),
    on(hostRemoved, ({ data }) => copies.leaveTeam(data.podcastId, data.userId)),
    on(podcastDeleted, ({ data }) => copies.removeShow(data.podcastId, data.episodeIds)),
    ...[episodeCreated, episodeUpdated, episodePublished, episodeRestated].map((definition) =>
      onBatch(definition, episodes),
    ),
    on(episodeDeleted, ({ data }) => copies.removeEpisode(data.episodeId)),
  ];
}
