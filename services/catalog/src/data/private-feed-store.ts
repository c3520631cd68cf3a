import { Schema, type Connection } from 'mongoose';
import {
  isDuplicateKey,
  newWithEvents,
  outboxPlugin,
  pendingEvent,
  withEvents,
  type OutboxRelay,
  type PendingEvent,
} from '@podz/kit';
import { privateFeedChanged } from '@podz/proto';

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
privateFeedSchema.plugin(outboxPlugin);

export function privateFeedModel(db: Connection) {
  return db.model('PrivateFeed', privateFeedSchema);
}

const pairId = (userId: string, podcastId: string) => `${userId}:${podcastId}`;

/** A feed's state told to media, which honours its audio links: with every write that changes it. */
function changed(
  feed: Pick<PrivateFeedRow, 'userId' | 'podcastId' | 'feedId'>,
  suspended: boolean,
): PendingEvent {
  const { userId, podcastId, feedId } = feed;
  return pendingEvent(privateFeedChanged, pairId(userId, podcastId), {
    userId,
    podcastId,
    feedId,
    suspended,
  });
}
const FIELDS = { _id: 0, userId: 1, podcastId: 1, feedId: 1, tokenHash: 1, createdAt: 1, suspendedAt: 1 };

/**
 * Private feeds, each read by one key: its token's hash, its feed id, or its member and show. Each
 * write that changes what an audio link may hear records `privateFeedChanged` with it (the outbox).
 */
export class PrivateFeedStore {
  constructor(
    private readonly model: ReturnType<typeof privateFeedModel>,
    private readonly relay: OutboxRelay,
  ) {}

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
      await this.model.create(
        newWithEvents({ _id: pairId(row.userId, row.podcastId), ...row, suspendedAt: null }, [
          changed(row, false),
        ]),
      );
      this.relay.kick(this.model);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const stored = await this.of(row.userId, row.podcastId);
    if (!stored) throw new Error('private feed vanished while it was opened');
    return stored;
  }

  /** A new generation for the pair (a working link again, even if it was suspended). */
  async reset(userId: string, podcastId: string, next: { feedId: string; tokenHash: string; at: Date }) {
    const { matchedCount } = await this.model.updateOne(
      { _id: pairId(userId, podcastId) },
      withEvents(
        { $set: { feedId: next.feedId, tokenHash: next.tokenHash, createdAt: next.at, suspendedAt: null } },
        [changed({ userId, podcastId, feedId: next.feedId }, false)],
      ),
    );
    if (matchedCount === 0) return null;
    this.relay.kick(this.model);
    return this.of(userId, podcastId);
  }

  /** Suspends the feed (its link answers 410, its audio keys 403) or lifts the suspension. */
  async setSuspended(feedId: string, suspendedAt: Date | null): Promise<boolean> {
    const feed = await this.byFeedId(feedId);
    if (!feed) return false;
    const result = await this.model.updateOne(
      { feedId },
      withEvents({ $set: { suspendedAt } }, [changed(feed, suspendedAt !== null)]),
    );
    this.relay.kick(this.model);
    return result.matchedCount > 0;
  }

  /** Tells every feed's state again, for a media service that starts keeping them. */
  async restateAll(): Promise<void> {
    for await (const feed of this.model.find({}, FIELDS).lean<PrivateFeedRow[]>().cursor()) {
      const row = feed as PrivateFeedRow;
      await this.model.updateOne(
        { _id: pairId(row.userId, row.podcastId), feedId: row.feedId },
        withEvents({ $set: {} }, [changed(row, row.suspendedAt !== null)]),
      );
    }
    this.relay.kick(this.model);
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
