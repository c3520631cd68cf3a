import { Types, type FilterQuery, type mongo } from 'mongoose';
import type { Redis } from 'ioredis';
import { inIdOrder, type Logger, type OutboxRelay, type PendingEvent, escapeRegex, keyed } from '@podz/kit';
import { RecordCache } from '../cache/record-cache';
import { AggregateWrites } from './aggregate-writes';
import type { CatalogModels, PodcastRecord, StoredPodcast } from './catalog-models';
import { releaseHour, type ReleaseFields } from './release-fields';

type PodcastModel = CatalogModels['podcasts'];
type FollowerCount = {
  _id: Types.ObjectId;
  followerCount: number;
  followOps: string[];
  deletedAt: Date | null;
};
export type PodcastFilter = FilterQuery<PodcastRecord>;

const live = { deletedAt: null };

/** A name as looked up (URL name, or name in any case), and the record-cache aliases it is kept under. */
function aliasesOf(name: string) {
  const key = name.trim().toLowerCase();
  return { key, byUId: `uId:${key}`, byNameKey: `nameKey:${key}` };
}

type HostEntry = { user: { id: string }; confirmed?: boolean | null };
type PeopleFields = {
  owner?: { id: string } | null;
  hosts?: HostEntry[];
  crew?: { user: { id: string } }[];
};

/**
 * The ids kept next to `owner`, `hosts` and `crew` on every write that sets them: FerretDB cannot
 * query with `$elemMatch` nor use an index on a dotted path, and "shows this user owns, hosts or
 * crews" must each be one indexed query.
 */
export function peopleIds(fields: PeopleFields): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  if (fields.owner) ids.ownerId = fields.owner.id;
  if (fields.hosts) {
    ids.hostIds = fields.hosts.map((host) => host.user.id);
    ids.confirmedHostIds = fields.hosts.filter((host) => host.confirmed).map((host) => host.user.id);
  }
  if (fields.crew) ids.crewIds = fields.crew.map((credit) => credit.user.id);
  return ids;
}

/** What a write derives from the fields it sets: the people's ids and the release hour. */
const derived = (fields: Record<string, unknown>) => ({
  ...peopleIds(fields as PeopleFields),
  ...releaseHour(fields as ReleaseFields, 'publishAt'),
});

/** Where the repository keeps records of shows beside the store (kit RecordCache). */
export interface RecordsAt {
  redis: Redis;
  prefix: string;
  logger: Logger;
}

/**
 * Shows in the store. Reads by id and by URL name go through records kept in Redis; every write
 * drops the records of what it changed. Writes that carry events kick the relay so they leave at
 * once.
 */
export class PodcastRepository {
  private readonly records: RecordCache<StoredPodcast>;
  private readonly writes: AggregateWrites<PodcastRecord>;

  constructor(
    private readonly model: PodcastModel,
    private readonly relay: OutboxRelay,
    records: RecordsAt,
  ) {
    this.records = new RecordCache<StoredPodcast>(records.redis, records.prefix, records.logger, (ids) =>
      this.model
        .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, ...live })
        .lean<StoredPodcast[]>(),
    );
    this.writes = new AggregateWrites<PodcastRecord>({
      model,
      relay,
      records: this.records,
      findById: (id) => this.findById(id),
      derived,
      releaseTime: 'publishAt',
      what: 'show',
    });
  }

  async findById(id: string): Promise<PodcastRecord | null> {
    return (await this.records.read([id]))[0] ?? null;
  }

  /** By URL name, or by name in any case: two lookups by unique key (an `$or` would scan). */
  async findByName(name: string): Promise<PodcastRecord | null> {
    const { key, byUId, byNameKey } = aliasesOf(name);
    return (
      (await this.records.readByAlias(
        byUId,
        (podcast) => podcast.uId === key,
        () => this.model.findOne({ uId: key, ...live }).lean<StoredPodcast>(),
      )) ??
      this.records.readByAlias(
        byNameKey,
        (podcast) => podcast.nameKey === key,
        () => this.model.findOne({ nameKey: key, ...live }).lean<StoredPodcast>(),
      )
    );
  }

  /** The id `findByName(name)` answered when this process last asked, if it did (a guess: see `RecordCache.idLastNamed`). */
  idLastNamed(name: string): string | undefined {
    const { byUId, byNameKey } = aliasesOf(name);
    return this.records.idLastNamed(byUId) ?? this.records.idLastNamed(byNameKey);
  }

  /** The shows with these ids, in the order of the ids (those gone are left out): keyed reads. */
  async findByIds(ids: string[]): Promise<PodcastRecord[]> {
    return inIdOrder(ids, await this.records.read(ids));
  }

  /** The show as the store has it now, its record renewed (throws if Redis cannot drop the old one). */
  async refresh(id: string): Promise<PodcastRecord | null> {
    await this.forget([id]);
    const podcast = await this.findById(id);
    // So that the show's first page view finds it by URL name without the store.
    if (podcast) {
      await Promise.all([
        this.records.remember(`uId:${podcast.uId}`, id),
        this.records.remember(`nameKey:${podcast.nameKey}`, id),
      ]);
    }
    return podcast;
  }

  /** Drops the records of these ids (throws if Redis cannot): for catalog's own events. */
  forget(ids: string[]): Promise<void> {
    return this.records.invalidate(ids);
  }

  /** Every live show, one at a time: for rebuilding lists, never per request. */
  async forEach(visit: (podcast: PodcastRecord) => Promise<void>) {
    for await (const podcast of this.model.find(live).lean<StoredPodcast[]>().cursor()) {
      await visit(keyed(podcast as StoredPodcast));
    }
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const except = exceptId ? { _id: { $ne: new Types.ObjectId(exceptId) } } : {};
    return Boolean(await this.model.exists({ nameKey: name.trim().toLowerCase(), ...except }));
  }

  async uIdTaken(uId: string): Promise<boolean> {
    return Boolean(await this.model.exists({ uId }));
  }

  async page(filter: PodcastFilter, page: number, limit: number, sort: Record<string, 1 | -1> = { name: 1 }) {
    const query = { ...filter, ...live };
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort({ ...sort, _id: 1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredPodcast[]>()
        .then((rows) => rows.map(keyed)),
      this.model.countDocuments(query),
    ]);
    return { items, total };
  }

  all(filter: PodcastFilter): Promise<PodcastRecord[]> {
    return this.model
      .find({ ...filter, ...live })
      .lean<StoredPodcast[]>()
      .then((rows) => rows.map(keyed));
  }

  searchFilter(search: string): PodcastFilter {
    return { nameKey: { $regex: `^${escapeRegex(search.toLowerCase())}` } };
  }

  create(
    fields: Omit<PodcastRecord, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'followerCount'>,
    events: (id: string) => PendingEvent[],
  ): Promise<PodcastRecord> {
    return this.writes.create(fields, events);
  }

  /** Records events on a live document without changing it (a state told again); false if it is gone. */
  restate(id: string, events: PendingEvent[]): Promise<boolean> {
    return this.writes.restate(id, events);
  }

  /**
   * Sets these fields and records the events in one write (the ids kept beside owner, hosts and crew
   * follow); the show as it now is, or null when it is gone.
   */
  change(id: string, fields: Record<string, unknown>, events: PendingEvent[]): Promise<PodcastRecord | null> {
    return this.writes.change(id, fields, events);
  }

  /** The owner's shows scheduled for their first publication: by the owner's index. */
  scheduledOf(ownerId: string): Promise<PodcastRecord[]> {
    return this.model
      .find({ ownerId, status: 'scheduled', ...live })
      .lean<StoredPodcast[]>()
      .then((rows) => rows.map(keyed));
  }

  /** The scheduled shows filed under the hour (due or not yet): one keyed read. */
  scheduledIn(hour: string): Promise<PodcastRecord[]> {
    return this.model
      .find({ releaseHour: hour, ...live })
      .lean<StoredPodcast[]>()
      .then((rows) => rows.map(keyed));
  }

  /**
   * The show goes public with its events, if it is still scheduled for the time it was read with:
   * of two clocks (or a clock and an owner's edit) one decides. The show as it now is, or null.
   */
  release(podcast: PodcastRecord, events: PendingEvent[]): Promise<PodcastRecord | null> {
    return this.writes.release(podcast, { publishAt: null }, events);
  }

  /**
   * Moves the show's follower count by `delta` for the follow change `opId`, once however often it
   * is asked: the count after the change and whether this call made it, or null when the show is gone.
   */
  async adjustFollowers(
    id: string,
    delta: 1 | -1,
    opId: string,
  ): Promise<{ followerCount: number; byThisCall: boolean } | null> {
    const _id = new Types.ObjectId(id);
    // On the driver's collection: FerretDB takes no projection on findAndModify, and mongoose would
    // send one for the fields the schema hides.
    const counts = this.model.collection as unknown as mongo.Collection<FollowerCount>;
    const changed = await counts.findOneAndUpdate(
      { _id, ...live, followOps: { $ne: opId } },
      { $inc: { followerCount: delta }, $push: { followOps: opId } },
      { returnDocument: 'after' },
    );
    // Also when a change counted before a crash is found: its record may not have been dropped.
    await this.records.invalidateAfterWrite([id]);
    if (changed) return { followerCount: Math.max(0, changed.followerCount), byThisCall: true };
    const followerCount = await this.followerCount(id);
    return followerCount === null ? null : { followerCount, byThisCall: false };
  }

  /** The show's follower count as the store has it now (null when the show is gone). */
  async followerCount(id: string): Promise<number | null> {
    const now = await this.model
      .findOne({ _id: new Types.ObjectId(id), ...live }, { followerCount: 1 })
      .lean();
    return now ? Math.max(0, Number(now.followerCount ?? 0)) : null;
  }

  /** The follow change `opId` is settled on its row: the show need not remember it any longer. */
  async forgetFollowOp(id: string, opId: string): Promise<void> {
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, { $pull: { followOps: opId } });
  }

  /** A deleted user's host links and crew credits, on every show that has them. */
  async dropPerson(userId: string): Promise<void> {
    // Two indexed equalities rather than an `$or`, which the embedded store would answer by a scan.
    const linked = [...(await this.all({ hostIds: userId })), ...(await this.all({ crewIds: userId }))];
    const once = linked.filter((podcast, i) => linked.findIndex((other) => other.id === podcast.id) === i);
    for (const podcast of once) {
      await this.change(
        podcast.id,
        {
          hosts: podcast.hosts.filter((host) => host.user.id !== userId),
          crew: podcast.crew.filter((credit) => credit.user.id !== userId),
        },
        [],
      );
    }
  }

  /** Everything that names a user, refreshed from identity. */
  async refreshUser(user: { id: string; username: string; profilePicture: string }): Promise<void> {
    const ref = { id: user.id, username: user.username, profilePicture: user.profilePicture };
    const owned = (
      await this.model.find({ ownerId: user.id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>()
    ).map((row) => row._id);
    await this.model.updateMany({ _id: { $in: owned } }, { $set: { owner: ref } });
    await this.records.invalidateAfterWrite(owned.map((id) => id.toHexString()));
    for (const [list, ids] of [
      ['hosts', 'hostIds'],
      ['crew', 'crewIds'],
    ] as const) {
      const holders = await this.model
        .find({ [ids]: user.id })
        .lean<StoredPodcast[]>()
        .then((rows) => rows.map(keyed));
      for (const podcast of holders) {
        const entries = (podcast[list] as { user: { id: string } }[]).map((entry) =>
          entry.user.id === user.id ? { ...entry, user: ref } : entry,
        );
        await this.model.updateOne({ _id: new Types.ObjectId(podcast.id) }, { $set: { [list]: entries } });
        await this.records.invalidateAfterWrite([podcast.id]);
      }
    }
  }

  /**
   * Deletes the show but keeps a tombstone carrying the deletion event until the relay has sent it
   * (the outbox lives in the document), and clears older tombstones whose events are out.
   */
  markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const key = `deleted-${id}`;
    const people = { hosts: [], hostIds: [], confirmedHostIds: [], crew: [], crewIds: [] };
    return this.writes.markDeleted(id, { uId: key, nameKey: key, ...people }, events);
  }
}
