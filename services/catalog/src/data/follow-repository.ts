import { Types } from 'mongoose';
import { isDuplicateKey, withEvents, type OutboxRelay, type PendingEvent } from '@podz/kit';
import type { CatalogModels } from './catalog-models';

/** A member's follow of a show, and how far the show's count has caught up with it. */
export interface FollowRow {
  id: string;
  userId: string;
  podcastId: string;
  following: boolean;
  counted: boolean;
  opId: string | null;
  settledOp: SettledOp | null;
}

/** A change settled on a row: its id, and whether the request that settled it had counted it. */
export interface SettledOp {
  id: string;
  counted: boolean;
}

type StoredFollow = {
  _id: Types.ObjectId;
  userId: string;
  podcastId: string;
  // Rows from before counts were settled per row carry neither: they were followed and counted.
  following?: boolean;
  counted?: boolean;
  opId?: string | null;
  settledOp?: SettledOp | null;
  followedAt?: Date;
  createdAt?: Date;
};

const rowOf = (doc: StoredFollow): FollowRow => ({
  id: doc._id.toHexString(),
  userId: doc.userId,
  podcastId: doc.podcastId,
  following: doc.following ?? true,
  counted: doc.counted ?? doc.following ?? true,
  opId: doc.opId ?? null,
  settledOp: doc.settledOp ?? null,
});

const followed = { following: { $ne: false } };

/** Who follows which show: one row per pair, enforced by a unique index. */
export class FollowRepository {
  constructor(
    private readonly model: CatalogModels['follows'],
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Records what the member wants; the row as it now is, or null for an unfollow of a show never
   * followed. A repeat changes nothing, so a show followed again keeps its place in the list.
   */
  async want(userId: string, podcastId: string, following: boolean): Promise<FollowRow | null> {
    if (following) {
      try {
        const created = await this.model.create({ userId, podcastId, following, counted: false });
        return rowOf(created.toObject() as StoredFollow);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    // One conditional write, then a read: FerretDB takes no projection on findAndModify, and
    // mongoose would send one for the outbox fields the schema hides.
    await this.model.updateOne(
      { userId, podcastId, following: following ? false : { $ne: false } },
      { $set: { following, ...(following ? { followedAt: new Date() } : {}) } },
    );
    return this.find(userId, podcastId);
  }

  async find(userId: string, podcastId: string): Promise<FollowRow | null> {
    const doc = await this.model.findOne({ userId, podcastId }).lean<StoredFollow>();
    return doc ? rowOf(doc) : null;
  }

  /** Names the row's next count change, unless another request named one first: the row after. */
  async claimCountChange(row: FollowRow): Promise<FollowRow | null> {
    const opId = new Types.ObjectId().toHexString();
    await this.model.updateOne({ _id: new Types.ObjectId(row.id), opId: null }, { $set: { opId } });
    return this.find(row.userId, row.podcastId);
  }

  /**
   * The count change `opId` has landed: the row now counts `counted`, with its events, in one write.
   * `byCounter` says whether this request counted it. False when the change was no longer in flight
   * (another request settled it first).
   */
  async settle(
    row: FollowRow,
    opId: string,
    counted: boolean,
    events: PendingEvent[],
    byCounter: boolean,
  ): Promise<boolean> {
    const settledOp: SettledOp = { id: opId, counted: byCounter };
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(row.id), opId },
      withEvents({ $set: { counted, opId: null, settledOp } }, events),
    );
    if (events.length && result.modifiedCount) this.relay.kick(this.model);
    return result.modifiedCount === 1;
  }

  /** The row once the change `opId` is no longer in flight on it, or null if it still is after `waitMs`. */
  async settledAfter(row: FollowRow, opId: string, waitMs: number): Promise<FollowRow | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = await this.find(row.userId, row.podcastId);
      if (!now || now.opId !== opId) return now;
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async has(userId: string, podcastId: string): Promise<boolean> {
    return Boolean(await this.model.exists({ userId, podcastId, ...followed }));
  }

  /** The shows a member follows, most recently followed first (their own rows: keyed and bounded). */
  async podcastIdsOf(userId: string): Promise<string[]> {
    const rows = await this.model
      .find({ userId, ...followed }, { podcastId: 1, followedAt: 1, createdAt: 1 })
      .lean<StoredFollow[]>();
    const at = (row: StoredFollow) => (row.followedAt ?? row.createdAt ?? new Date(0)).getTime();
    return rows.sort((a, b) => at(b) - at(a)).map((row) => row.podcastId);
  }

  /**
   * A deleted show's rows, with any follow event still waiting in them: announced after the show's
   * deletion, it would bring a follower of a show that is gone back to the readers of the topic.
   */
  async removeAllOfPodcast(podcastId: string): Promise<void> {
    await this.model.deleteMany({ podcastId });
  }

  /** A deleted member's rows, once their counts are settled; a waiting event goes with them, as above. */
  async removeAllOfUser(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }
}
