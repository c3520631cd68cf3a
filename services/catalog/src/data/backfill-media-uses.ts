import { runOnce } from '@podz/kit';
import type { Connection } from 'mongoose';
import type { CatalogModels, EpisodeRecord, PodcastRecord } from './catalog-models';
import type { MediaLibrary } from './media-library';

/**
 * Shows and episodes written before the library kept what uses each upload mark their files once,
 * at the first start that knows uses: otherwise a file in use would look unused and could be
 * deleted. Later writes keep the uses themselves (`moveUses`).
 */
export function backfillMediaUses(
  db: Connection,
  models: CatalogModels,
  media: MediaLibrary,
): Promise<boolean> {
  return runOnce(db, 'catalog-media-uses-v1', async () => {
    for await (const podcast of models.podcasts
      .find({ tombstone: { $ne: true } })
      .lean<PodcastRecord[]>()
      .cursor()) {
      const show = podcast as PodcastRecord;
      const podcastId = show._id.toHexString();
      await media.setUse(show.logoPath, podcastId, { kind: 'show', name: show.name, podcastId });
    }
    for await (const episode of models.episodes
      .find({ tombstone: { $ne: true } })
      .lean<EpisodeRecord[]>()
      .cursor()) {
      const record = episode as EpisodeRecord;
      const use = { kind: 'episode' as const, name: record.title, podcastId: record.podcast };
      for (const url of [record.audio?.url, record.image])
        await media.setUse(url, record._id.toHexString(), use);
    }
  });
}
