import { runOnce } from '@podz/kit';
import { Types, type Connection } from 'mongoose';
import type { CatalogModels, StoredEpisode } from './catalog-models';

/**
 * Episodes scheduled before `upcomingFor` existed are filed under their show's owner once, at the
 * first start that knows the field, so the owner's upcoming releases hold them too.
 */
export function backfillUpcoming(db: Connection, models: CatalogModels): Promise<boolean> {
  return runOnce(db, 'catalog-upcoming-v1', async () => {
    const scheduled = models.episodes.find({ status: 'scheduled', deletedAt: null }).lean<StoredEpisode[]>();
    for await (const episode of scheduled.cursor()) {
      const record = episode as StoredEpisode;
      const show = await models.podcasts
        .findOne({ _id: new Types.ObjectId(record.podcast) }, { ownerId: 1 })
        .lean<{ ownerId?: string }>();
      if (show?.ownerId) {
        await models.episodes.updateOne({ _id: record._id }, { $set: { upcomingFor: show.ownerId } });
      }
    }
  });
}
