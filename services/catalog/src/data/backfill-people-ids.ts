import { runOnce } from '@podz/kit';
import type { Connection } from 'mongoose';
import type { CatalogModels, StoredEpisode, StoredPodcast } from './catalog-models';
import { peopleIds } from './podcast-repository';

/**
 * Shows and episodes written before the top-level id fields (`ownerId`, `hostIds`, `crewIds`,
 * `guestIds`) existed get them once, at the first start that knows them.
 */
export function backfillPeopleIds(db: Connection, models: CatalogModels): Promise<boolean> {
  return runOnce(db, 'catalog-people-ids-v1', async () => {
    for await (const podcast of models.podcasts.find().lean<StoredPodcast[]>().cursor()) {
      const record = podcast as StoredPodcast;
      await models.podcasts.updateOne({ _id: record._id }, { $set: peopleIds(record as never) });
    }
    for await (const episode of models.episodes.find().lean<StoredEpisode[]>().cursor()) {
      const record = episode as StoredEpisode;
      await models.episodes.updateOne(
        { _id: record._id },
        { $set: { guestIds: record.guests.map((guest) => guest.id) } },
      );
    }
  });
}
