import { on, onBatch, type Subscription } from '@podz/kit';
import {
  episodeCreated,
  episodeDeleted,
  episodeUpdated,
  hostConfirmed,
  hostDeclined,
  hostRemoved,
  podcastCreated,
  podcastDeleted,
  podcastUpdated,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { dropPodcast } from '../domain/shows/place-podcast';
import { invalidateResponses } from '../domain/invalidate-responses';
import { syncEpisodes } from '../domain/episodes/sync-episode';
import { syncPodcast } from '../domain/shows/sync-podcast';

/**
 * Catalog hears its own events to place what they name again (and to drop rendered answers), as the store has it by then: the
 * writes place their documents at once, and this covers a process that died in between. Reading
 * the store (not the event) makes a late or repeated event harmless.
 */
export function listSync(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'>,
): Subscription[] {
  return [
    on(podcastCreated, (event) => syncPodcast(deps, event.data.podcastId)),
    on(podcastUpdated, (event) => syncPodcast(deps, event.data.podcastId)),
    on(podcastDeleted, (event) => dropPodcast(deps, event.data.podcastId, event.data.episodeIds)),
    // A batch at a time: one read of the store and one invalidation for a run of the type.
    ...[episodeCreated, episodeUpdated, episodeDeleted].map((definition) =>
      onBatch(definition, (events) =>
        syncEpisodes(
          deps,
          events.map((event) => event.data.episodeId),
        ),
      ),
    ),
    // A host's answer changes what the show's public pages say, not where it is listed.
    ...[hostConfirmed, hostDeclined, hostRemoved].map((definition) =>
      on(definition, () => invalidateResponses(deps)),
    ),
  ];
}
