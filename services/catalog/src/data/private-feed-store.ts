import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from '@podz/kit';

/**
 * A member's private feed of one show. `feedId` names the link's current generation: the token
 * is derived from it with the server's secret and only its hash is stored, so the store alone
 * gives no working link away; a reset gives the pair a new `feedId`, and the old token and every
 * audio link signed for it stop matching at once.
 */
export interface PrivateFeedRow {
  userId: string;
  podcastId: string;
  feedId: string;
  tokenHash: string;
  createdAt: Date;
  suspendedAt: Date | null;
}

const privateFeedSchema = new Schema(
  {
    // `<userId>:<podcastId>`: one feed per member and show, reset in place.
    _id: { type: String },
    userId: { type: String, required: true, index: true },
    podcastId: { type: String, required: true, index: true },
    feedId: { type: String, required: true, unique: true },
    tokenHash: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
    suspendedAt: { type: Date, default: null },
  },
  { collection: 'private_feeds' },
);

export function privateFeedModel(db: Connection) {
  return db.model('PrivateFeed', privateFeedSchema);
}

const pairId = (userId: string, podcastId: string) => `${userId}:${podcastId}`;
const FIELDS = { _id: 0, userId: 1, podcastId: 1, feedId: 1, tokenHash: 1, createdAt: 1, suspendedAt: 1 };

/** Private feeds, each read by one key: its token's hash, its feed id, or its member and show. */
export class PrivateFeedStore {
  constructor(private readonly model: ReturnType<typeof privateFeedModel>) {}

  byTokenHash(tokenHash: string): Promise<PrivateFeedRow | null> {
    return this.model.findOne({ tokenHash }, FIELDS).lean<PrivateFeedRow>().exec();
  }

  byFeedId(feedId: string): Promise<PrivateFeedRow | null> {
    return this.model.findOne({ feedId }, FIELDS).lean<PrivateFeedRow>().exec();
  }

  of(userId: string, podcastId: string): Promise<PrivateFeedRow | null> {
    return this.model.findById(pairId(userId, podcastId), FIELDS).lean<PrivateFeedRow>().exec();
  }

  /** The member's feeds, newest first; a member holds one per premium show at most. */
  async ofMember(userId: string, limit: number): Promise<PrivateFeedRow[]> {
    const rows = await this.model.find({ userId }, FIELDS).limit(limit).lean<PrivateFeedRow[]>();
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** The pair's feed, made with this generation if it has none; the existing one otherwise. */
  async open(row: Omit<PrivateFeedRow, 'suspendedAt'>): Promise<PrivateFeedRow> {
    try {
      await this.model.create({ _id: pairId(row.userId, row.podcastId), ...row, suspendedAt: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const stored = await this.of(row.userId, row.podcastId);
    if (!stored) throw new Error('private feed vanished while it was opened');
    return stored;
  }

  /** A new generation for the pair (a working link again, even if it was suspended). */
  async reset(userId: string, podcastId: string, next: { feedId: string; tokenHash: string; at: Date }) {
    // No projection: the embedded store's findAndModify takes none.
    const row = await this.model
      .findOneAndUpdate(
        { _id: pairId(userId, podcastId) },
        { $set: { feedId: next.feedId, tokenHash: next.tokenHash, createdAt: next.at, suspendedAt: null } },
        { new: true },
      )
      .lean<PrivateFeedRow & { _id?: string }>()
      .exec();
    if (!row) return null;
    const { _id, ...feed } = row;
    return feed;
  }

  /** Suspends the feed (its link answers 410, its audio keys 403) or lifts the suspension. */
  async setSuspended(feedId: string, suspendedAt: Date | null): Promise<boolean> {
    const result = await this.model.updateOne({ feedId }, { $set: { suspendedAt } });
    return result.matchedCount > 0;
  }

  /** How many feeds the member holds, counted up to `cap`. */
  countOfMember(userId: string, cap: number): Promise<number> {
    return this.model.countDocuments({ userId }, { limit: cap }).exec();
  }

  /** How many members hold a feed of the show, counted up to `cap`. */
  countOfShow(podcastId: string, cap: number): Promise<number> {
    return this.model.countDocuments({ podcastId }, { limit: cap }).exec();
  }

  byFeedIds(feedIds: string[]): Promise<PrivateFeedRow[]> {
    return this.model
      .find({ feedId: { $in: feedIds } }, FIELDS)
      .lean<PrivateFeedRow[]>()
      .exec();
  }

  async removeMember(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }

  async removeShow(podcastId: string): Promise<void> {
    await this.model.deleteMany({ podcastId });
  }
}
