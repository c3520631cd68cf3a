import { Schema, type Connection } from 'mongoose';

/** What a notification says of a show, from `catalog.podcast.v1`. */
export interface ShowRecord {
  _id: string;
  uId: string;
  name: string;
  ownerId: string;
}

const showSchema = new Schema(
  // `followed`: false from the show's creation until its first follower, then true for good (a
  // hint: clearing it could race a follow). Missing on shows from before it was kept.
  { _id: String, uId: String, name: String, ownerId: String, followed: Boolean },
  { collection: 'shows', versionKey: false },
);
// One document per follow, keyed `<podcastId>:<userId>`: following twice is one document.
const followSchema = new Schema(
  { _id: String, podcastId: { type: String, index: true }, userId: { type: String, index: true } },
  { collection: 'follows', versionKey: false },
);

/** The shows and who follows each: whom a new episode is announced to. */
export class Shows {
  private readonly shows;
  private readonly follows;

  constructor(db: Connection) {
    this.shows = db.model('Show', showSchema);
    this.follows = db.model('Follow', followSchema);
  }

  init(): Promise<unknown> {
    return this.follows.init();
  }

  async find(podcastId: string): Promise<ShowRecord | null> {
    const show = (await this.shows.findById(podcastId).lean()) as Partial<ShowRecord> | null;
    // A follow that came before its show leaves a document with the hint alone.
    return show?.uId ? (show as ShowRecord) : null;
  }

  /**
   * Of these shows, those nobody has ever followed: one keyed read for a batch of episodes, where
   * asking the follows would be one read per episode. A show not known yet is not among them.
   */
  async neverFollowed(podcastIds: string[]): Promise<Set<string>> {
    if (podcastIds.length === 0) return new Set();
    const rows = await this.shows.find({ _id: { $in: podcastIds }, followed: false }, { _id: 1 }).lean();
    return new Set(rows.map((row) => String(row._id)));
  }

  async save(show: ShowRecord): Promise<void> {
    await this.saveMany([show]);
  }

  /** Several shows in one statement to the store (a batch of catalog's events), in order. */
  async saveMany(shows: ShowRecord[]): Promise<void> {
    if (shows.length === 0) return;
    await this.shows.bulkWrite(
      shows.map(({ _id, ...fields }) => ({
        updateOne: {
          filter: { _id },
          update: { $set: fields, $setOnInsert: { followed: false } },
          upsert: true,
        },
      })),
    );
  }

  async follow(podcastId: string, userId: string): Promise<void> {
    // The hint first: if the follow is not written after it, the hint only costs a read.
    await this.shows.updateOne({ _id: podcastId }, { $set: { followed: true } }, { upsert: true });
    await this.follows.updateOne(
      { _id: `${podcastId}:${userId}` },
      { $set: { podcastId, userId } },
      { upsert: true },
    );
  }

  async unfollow(podcastId: string, userId: string): Promise<void> {
    await this.follows.deleteOne({ _id: `${podcastId}:${userId}` });
  }

  async hasFollowers(podcastId: string): Promise<boolean> {
    return Boolean(await this.follows.exists({ podcastId }));
  }

  /** The show's followers, a batch at a time (by the `podcastId` index), for the announcement. */
  async *followersOf(podcastId: string, batchSize = 500): AsyncGenerator<string[]> {
    let batch: string[] = [];
    for await (const follow of this.follows.find({ podcastId }, { userId: 1 }).lean().cursor()) {
      batch.push(follow.userId as string);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async removeShow(podcastId: string): Promise<void> {
    await Promise.all([this.shows.deleteOne({ _id: podcastId }), this.follows.deleteMany({ podcastId })]);
  }

  async removeFollower(userId: string): Promise<void> {
    await this.follows.deleteMany({ userId });
  }
}
