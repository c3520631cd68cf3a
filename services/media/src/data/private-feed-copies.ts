import { Schema, type Connection } from 'mongoose';

/** What media keeps of a member's private feed of a show, from `catalog.private-feed.v1`. */
export interface PrivateFeedCopy {
  /** `<userId>:<podcastId>`: one feed per member and show, reset in place. */
  _id: string;
  userId: string;
  podcastId: string;
  /** The current generation: audio keys signed for another are not honoured. */
  feedId: string;
  suspended: boolean;
}

const privateFeedSchema = new Schema(
  {
    _id: String,
    userId: { type: String, index: true },
    podcastId: { type: String, index: true },
    feedId: { type: String, index: true },
    suspended: Boolean,
  },
  { collection: 'private_feeds', versionKey: false },
);

/**
 * Media's copy of catalog's private feeds, for the premium gate of audio: set by key from each
 * event, so a batch applied twice ends the same. A member's feeds leave with the member, a show's
 * with the show.
 */
export class PrivateFeedCopies {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('PrivateFeed', privateFeedSchema);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  /** The feed whose current generation this is: by the `feedId` index. */
  byFeedId(feedId: string): Promise<PrivateFeedCopy | null> {
    return this.model.findOne({ feedId }).lean<PrivateFeedCopy>().exec();
  }

  async save(feeds: Omit<PrivateFeedCopy, '_id'>[]): Promise<void> {
    if (feeds.length === 0) return;
    await this.model.bulkWrite(
      feeds.map((feed) => ({
        updateOne: {
          filter: { _id: `${feed.userId}:${feed.podcastId}` },
          update: { $set: feed },
          upsert: true,
        },
      })),
    );
  }

  async removeMember(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }

  async removeShow(podcastId: string): Promise<void> {
    await this.model.deleteMany({ podcastId });
  }
}
