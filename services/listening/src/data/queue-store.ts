import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from '@podz/kit';

const queueSchema = new Schema(
  {
    // The member's id: one queue each, found by key.
    _id: { type: String, required: true },
    episodeIds: { type: [String], default: [] },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'queues', versionKey: false },
);

export interface StoredQueue {
  userId: string;
  episodeIds: string[];
  version: number;
  updatedAt: Date | null;
}

/** Members' queues, one document each, replaced whole and versioned. */
export class QueueStore {
  private readonly queues;

  constructor(db: Connection) {
    this.queues = db.model('Queue', queueSchema);
  }

  async init(): Promise<void> {
    await this.queues.init();
  }

  /** The member's queue; an empty one at version 0 when they never saved one. */
  async of(userId: string): Promise<StoredQueue> {
    const found = await this.queues.findById(userId).lean();
    return found
      ? { userId, episodeIds: found.episodeIds, version: found.version, updatedAt: found.updatedAt }
      : { userId, episodeIds: [], version: 0, updatedAt: null };
  }

  /** Saves the queue if it is still at `version`; undefined when another save came first. */
  async replace(userId: string, episodeIds: string[], version: number): Promise<StoredQueue | undefined> {
    const updatedAt = new Date();
    if (version === 0) {
      try {
        await this.queues.create({ _id: userId, episodeIds, version: 1, updatedAt });
        return { userId, episodeIds, version: 1, updatedAt };
      } catch (err) {
        if (isDuplicateKey(err)) return undefined;
        throw err;
      }
    }
    const saved = await this.queues
      .findOneAndUpdate(
        { _id: userId, version },
        { $set: { episodeIds, updatedAt }, $inc: { version: 1 } },
        { new: true },
      )
      .lean();
    return saved
      ? { userId, episodeIds: saved.episodeIds, version: saved.version, updatedAt: saved.updatedAt }
      : undefined;
  }
}
