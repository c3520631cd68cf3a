import type { Connection } from 'mongoose';
import { runOnce } from '@podz/kit';

const COLLECTIONS = ['media', 'media_storage'] as const;

/**
 * The media library as catalog kept it before media existed, copied once into media's database:
 * its uploads (with where each is used) and what each uploader's files take. The only read of
 * catalog's store media makes, at its first start; every later fact comes from catalog's events.
 * A copy cut short is made again whole on the next start (each document set by its id).
 */
export function libraryFromCatalog(db: Connection, catalogDatabase: string): Promise<boolean> {
  return runOnce(db, 'media-library-from-catalog-v1', async () => {
    const catalog = db.useDb(catalogDatabase, { useCache: true });
    for (const name of COLLECTIONS) {
      const from = catalog.collection(name);
      const to = db.collection(name);
      for await (const doc of from.find({})) {
        await to.replaceOne({ _id: doc._id }, doc, { upsert: true });
      }
    }
  });
}
