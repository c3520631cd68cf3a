import { on, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodeUpdated,
  hostConfirmed,
  hostRemoved,
  podcastCreated,
  podcastDeleted,
  podcastUpdated,
} from '@podz/proto';
import type { ShowDirectory } from '../data/show-directory';

/**
 * Catalog's shows, hosts and episodes become the directory the figures are named and guarded by.
 * One show's events share a partition, so a host added then removed arrives in that order.
 */
export function keepDirectory(directory: ShowDirectory): Subscription[] {
  const show = async (data: {
    podcastId: string;
    name: string;
    uId: string;
    ownerId: string;
    category: string;
    insertAds?: boolean | null;
  }) =>
    directory.putShow({
      id: data.podcastId,
      name: data.name,
      uId: data.uId,
      ownerId: data.ownerId,
      category: data.category,
      // Absent on events from before shows chose: the network's default.
      insertAds: data.insertAds ?? null,
    });
  const episode = async (data: {
    episodeId: string;
    podcastId: string;
    title: string;
    publishedAt: string;
  }) =>
    directory.putEpisode({
      id: data.episodeId,
      showId: data.podcastId,
      title: data.title,
      publishedAt: data.publishedAt,
    });
  return [
    on(podcastCreated, (event) => show(event.data)),
    on(podcastUpdated, (event) => show(event.data)),
    on(podcastDeleted, (event) => directory.dropShow(event.data.podcastId, event.data.episodeIds)),
    on(hostConfirmed, (event) => directory.setHost(event.data.podcastId, event.data.userId, true)),
    on(hostRemoved, (event) => directory.setHost(event.data.podcastId, event.data.userId, false)),
    on(episodeCreated, (event) => episode(event.data)),
    on(episodeUpdated, (event) => episode(event.data)),
    on(episodeDeleted, (event) => directory.dropEpisode(event.data.episodeId, event.data.podcastId)),
  ];
}
