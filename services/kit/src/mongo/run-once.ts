import type { Connection } from 'mongoose';

/**
 * Runs a one-time data change (a backfill of a new field, say) the first time a service starts on
 * a database, and records that it ran in `migrations`, so later starts cost one read by key. A run
 * cut short is run again on the next start, so `change` must be safe to repeat.
 */
export async function runOnce(db: Connection, name: string, change: () => Promise<void>): Promise<boolean> {
  const migrations = db.collection<{ _id: string; ranAt: Date }>('migrations');
  if (await migrations.findOne({ _id: name })) return false;
  await change();
  await migrations.updateOne({ _id: name }, { $set: { ranAt: new Date() } }, { upsert: true });
  return true;
}
