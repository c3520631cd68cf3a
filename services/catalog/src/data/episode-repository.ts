import { Types, type FilterQuery } from 'mongoose';
import {
  inIdOrder,
  newWithEvents,
  type OutboxRelay,
  type KeptRecords,
  type PendingEvent,
  type RecordKeys,
  keyed,
} from '@podz/kit';
import { RecordCache } from '../cache/record-cache';
import { AggregateWrites } from './aggregate-writes';
import type { CatalogModels, EpisodeRecord, StoredEpisode } from './catalog-models';
import type { RecordsAt } from './podcast-repository';
import { releaseHour, type ReleaseFields } from './release-fields';

type EpisodeModel = CatalogModels['episodes'];
export type EpisodeFilter = FilterQuery<EpisodeRecord>;

const live = { deletedAt: null };

type GuestFields = { guests?: { id: string }[] };

/** The guests' ids kept beside `guests` (an index on a dotted path serves nothing on FerretDB). */
const guestIds = (fields: GuestFields) => (fields.guests ? { guestIds: fields.guests.map((g) => g.id) } : {});

const derived = (fields: Record<string, unknown>) => ({
  ...guestIds(fields as GuestFields),
  ...releaseHour(fields as ReleaseFields, 'publishedAt'),
});

/**
 * Episodes in the store, newest first wherever they are listed. Reads by id go through records
 * kept in Redis; every write drops the records of what it changed.
 */
export class EpisodeRepository {
  private readonly records: RecordCache<StoredEpisode>;
  private readonly writes: AggregateWrites<EpisodeRecord>;

  constructor(
    private readonly model: EpisodeModel,
    private readonly relay: OutboxRelay,
    records: RecordsAt,
  ) {
    this.records = new RecordCache<StoredEpisode>(records.redis, records.prefix, records.logger, (ids) =>
      this.model
        .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, ...live })
        .lean<StoredEpisode[]>(),
    );
    this.writes = new AggregateWrites<EpisodeRecord>({
      model,
      relay,
      records: this.records,
      findById: (id) => this.findById(id),
      derived,
      releaseTime: 'publishedAt',
      what: 'episode',
    });
  }

  /** The episode as the store has it now, its record renewed (throws if Redis cannot drop the old one). */
  async refresh(id: string): Promise<EpisodeRecord | null> {
    await this.forget([id]);
    return this.findById(id);
  }

  /** Drops the records of these ids (throws if Redis cannot): for catalog's own events. */
  forget(ids: string[]): Promise<void> {
    return this.records.invalidate(ids);
  }

  /** What the public may see: published, its time come, on a published show. */
  static visible(now = new Date()): EpisodeFilter {
    return { status: 'published', publishedAt: { $lte: now }, showPublished: true };
  }

  async findById(id: string): Promise<EpisodeRecord | null> {
    return (await this.records.read([id]))[0] ?? null;
  }

  /**
   * The episodes with these ids, in the order of the ids (those gone are left out): keyed reads;
   * `kept`, what a list page read of their records with it (`recordKeys`).
   */
  async findByIds(ids: string[], kept?: KeptRecords): Promise<EpisodeRecord[]> {
    return inIdOrder(ids, await this.records.read(ids, kept));
  }

  /** Where the episodes' records are kept, for list pages that read them with their ids. */
  get recordKeys(): RecordKeys {
    return this.records.keys;
  }

  /** Every live episode, or every one of a show, one at a time: for rebuilding lists, never per request. */
  async forEach(podcastId: string | undefined, visit: (episode: EpisodeRecord) => Promise<void>) {
    const filter = podcastId ? { podcast: podcastId, ...live } : live;
    for await (const episode of this.model.find(filter).lean<StoredEpisode[]>().cursor()) {
      await visit(keyed(episode as StoredEpisode));
    }
  }

  /**
   * A page of one show's episodes from the store, newest first, while its lists are rebuilt: every
   * one for its managers, or those published up to `upTo`.
   */
  showPage(podcastId: string, { all, upTo }: { all: boolean; upTo: Date }, page: number, limit: number) {
    const filter = all
      ? { podcast: podcastId }
      : { status: 'published', publishedAt: { $lte: upTo }, podcast: podcastId };
    return this.page(filter, page, limit);
  }

  async page(filter: EpisodeFilter, page: number, limit: number) {
    const query = { ...filter, ...live };
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort({ publishedAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredEpisode[]>()
        .then((rows) => rows.map(keyed)),
      this.model.countDocuments(query),
    ]);
    return { items, total };
  }

  idsOfPodcast(podcastId: string): Promise<string[]> {
    return this.model
      .find({ podcast: podcastId, ...live }, { _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>()
      .then((rows) => rows.map((row) => row._id.toHexString()));
  }

  create(
    fields: Omit<EpisodeRecord, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>,
    events: (id: string) => PendingEvent[],
  ): Promise<EpisodeRecord> {
    return this.writes.create(fields, events);
  }

  /** Many episodes of one show at once (a feed import); each carries its own events. */
  async createMany(
    rows: Omit<EpisodeRecord, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>[],
    events: (id: string, row: (typeof rows)[number]) => PendingEvent[],
  ): Promise<number> {
    const docs = rows.map((row) => {
      const _id = new Types.ObjectId();
      return newWithEvents({ _id, ...row, ...derived(row) }, events(_id.toHexString(), row));
    });
    await this.model.insertMany(docs);
    this.relay.kick(this.model);
    return docs.length;
  }

  /** Records events on a live document without changing it (a state told again); false if it is gone. */
  restate(id: string, events: PendingEvent[]): Promise<boolean> {
    return this.writes.restate(id, events);
  }

  /** Sets these fields and records the events in one write; the episode as it now is, or null when it is gone. */
  change(id: string, fields: Record<string, unknown>, events: PendingEvent[]): Promise<EpisodeRecord | null> {
    return this.writes.change(id, fields, events);
  }

  /** The scheduled episodes of an owner's shows, filed under the owner while scheduled. */
  scheduledOf(ownerId: string): Promise<EpisodeRecord[]> {
    return this.model
      .find({ upcomingFor: ownerId, ...live })
      .lean<StoredEpisode[]>()
      .then((rows) => rows.map(keyed));
  }

  /** The episodes whose audio is the file at `url` (one, or a few reruns): by the `audio.url` index. */
  withAudio(url: string, limit = 100): Promise<EpisodeRecord[]> {
    return this.model
      .find({ 'audio.url': url, ...live })
      .limit(limit)
      .lean<StoredEpisode[]>()
      .then((rows) => rows.map(keyed));
  }

  /** The scheduled episodes filed under the hour (due or not yet): one keyed read. */
  scheduledIn(hour: string): Promise<EpisodeRecord[]> {
    return this.model
      .find({ releaseHour: hour, ...live })
      .lean<StoredEpisode[]>()
      .then((rows) => rows.map(keyed));
  }

  /**
   * The episode goes public with its events, if it is still scheduled for the time it was read
   * with: of two clocks (or a clock and an edit) one decides. The episode as it now is, or null.
   */
  release(episode: EpisodeRecord, events: PendingEvent[]): Promise<EpisodeRecord | null> {
    return this.writes.release(episode, { upcomingFor: null }, events);
  }

  /** Follows the show's visibility, so public lists need no join. */
  async setShowPublished(podcastId: string, published: boolean): Promise<void> {
    const ids = await this.idsOfPodcast(podcastId);
    await this.model.updateMany(
      { _id: { $in: ids.map((id) => new Types.ObjectId(id)) } },
      { $set: { showPublished: published } },
    );
    await this.records.invalidateAfterWrite(ids);
  }

  async refreshGuest(user: { id: string; username: string; profilePicture: string }): Promise<void> {
    const episodes = await this.model
      .find({ guestIds: user.id })
      .lean<StoredEpisode[]>()
      .then((rows) => rows.map(keyed));
    for (const episode of episodes) {
      const guests = episode.guests.map((guest) => (guest.id === user.id ? { ...guest, ...user } : guest));
      await this.model.updateOne({ _id: new Types.ObjectId(episode.id) }, { $set: { guests } });
      await this.records.invalidateAfterWrite([episode.id]);
    }
  }

  /** Removes a user from every guest list (their account is gone). */
  async dropGuest(userId: string): Promise<void> {
    const episodes = await this.model
      .find({ guestIds: userId })
      .lean<StoredEpisode[]>()
      .then((rows) => rows.map(keyed));
    for (const episode of episodes) {
      const guests = episode.guests.filter((guest) => guest.id !== userId);
      await this.model.updateOne(
        { _id: new Types.ObjectId(episode.id) },
        { $set: { guests, ...guestIds({ guests }) } },
      );
      await this.records.invalidateAfterWrite([episode.id]);
    }
  }

  /** An episode alone: a tombstone keeps its deletion event until the relay has sent it. */
  markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    return this.writes.markDeleted(id, { guests: [], guestIds: [], showPublished: false }, events);
  }

  /** A deleted show's episodes go with it; the show's own deletion event names them. */
  async deleteOfPodcast(podcastId: string): Promise<void> {
    const ids = await this.idsOfPodcast(podcastId);
    await this.model.deleteMany({ podcast: podcastId });
    await this.records.invalidateAfterWrite(ids);
  }
}
