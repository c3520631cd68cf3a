import { queuedJob, runOnce } from '@podz/kit';
import type { Connection } from 'mongoose';

/**
 * Audio uploaded before the pipeline existed gets its processing job too, once: the back catalogue
 * is levelled and rendered like every new upload, by the same workers, oldest first.
 */
export async function queueOlderAudio(db: Connection): Promise<void> {
  await runOnce(db, 'media-queue-older-audio', async () => {
    await db
      .collection('media')
      .updateMany({ kind: 'audio', job: { $exists: false } }, { $set: { job: queuedJob() } });
  });
}
