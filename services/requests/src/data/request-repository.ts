import { Types, type FilterQuery } from 'mongoose';
import {
  isDuplicateKey,
  keyed,
  keyedOrNull,
  newWithEvents,
  withEvents,
  type ListKeeper,
  type OutboxRelay,
  type PendingEvent,
  present,
  markDeleted,
  purgeTombstones,
} from '@podz/kit';
import type { RequestRole, RequestStatus, UserRef } from '@podz/proto';
import { listsRequest, requestList } from './request-lists';
import { openKeyOf, type RequestModel, type RequestRecord, type StoredRequest } from './request-model';

export type { RequestRecord };

const live = { deletedAt: null };
export interface NewRequest {
  requester: UserRef;
  role: RequestRole;
  message: string;
  links: string[];
}

/**
 * Access requests in the store. Writes that carry events kick the relay so they leave at once, and
 * place what they wrote in the admins' lists (data/request-lists.ts).
 */
export class RequestRepository {
  constructor(
    private readonly model: RequestModel,
    private readonly relay: OutboxRelay,
    readonly lists: ListKeeper<RequestRecord>,
  ) {}

  findById(id: string): Promise<RequestRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .lean<StoredRequest>()
      .then(keyedOrNull);
  }

  /** The user's latest request for the role: the open one if there is one (bounded by the user's own). */
  async latestOf(userId: string, role: RequestRole): Promise<RequestRecord | null> {
    const open = await this.model
      .findOne({ openKey: openKeyOf(userId, role), ...live })
      .lean<StoredRequest>()
      .then(keyedOrNull);
    if (open) return open;
    const mine = await this.model
      .find({ requesterId: userId, ...live })
      .lean<StoredRequest[]>()
      .then((rows) => rows.map(keyed));
    const newestFirst = (a: RequestRecord, b: RequestRecord) =>
      b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);
    return mine.filter((request) => request.role === role).sort(newestFirst)[0] ?? null;
  }

  /** A page of the admins' list for the filter, newest first; from the store while it is rebuilt. */
  page(
    filter: { status?: RequestStatus; role?: RequestRole },
    page: number,
    limit: number,
  ): Promise<{ items: RequestRecord[]; total: number }> {
    const offset = (page - 1) * limit;
    return this.lists.page(
      () => this.lists.descending(requestList(filter), offset, limit),
      listsRequest(filter),
      () => this.pageFromStore(filter, page, limit),
    );
  }

  private async pageFromStore(
    filter: { status?: RequestStatus; role?: RequestRole },
    page: number,
    limit: number,
  ): Promise<{ items: RequestRecord[]; total: number }> {
    const query: FilterQuery<RequestRecord> = { ...live };
    if (filter.status) query.status = filter.status;
    if (filter.role) query.role = filter.role;
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredRequest[]>()
        .then((rows) => rows.map(keyed)),
      this.model.countDocuments(query),
    ]);
    return { items, total };
  }

  /** A new open request; undefined when the user already has one open for the role. */
  async create(
    request: NewRequest,
    events: (id: string) => PendingEvent[],
  ): Promise<RequestRecord | undefined> {
    const _id = new Types.ObjectId();
    const fields = {
      _id,
      ...request,
      status: 'pending',
      openKey: openKeyOf(request.requester.id, request.role),
      requesterId: request.requester.id,
    };
    try {
      await this.model.create(newWithEvents(fields, events(_id.toHexString())));
    } catch (err) {
      if (isDuplicateKey(err)) return undefined;
      throw err;
    }
    this.relay.kick(this.model);
    const created = present(await this.findById(_id.toHexString()), `request ${_id.toHexString()}`);
    await this.lists.placed(_id.toHexString(), created);
    return created;
  }

  /**
   * Applies changes and their events in one write, only while the request is still pending (the
   * guard makes two reviews racing each other end with one winner); null otherwise.
   */
  async updatePending(
    id: string,
    changes: Record<string, unknown>,
    events: PendingEvent[],
  ): Promise<RequestRecord | null> {
    const closes = changes.status !== undefined && changes.status !== 'pending';
    const reviewerId = (changes.review as { reviewer?: UserRef } | undefined)?.reviewer?.id;
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), status: 'pending', ...live },
      withEvents(
        { $set: { ...changes, ...(closes ? { openKey: id } : {}), ...(reviewerId ? { reviewerId } : {}) } },
        events,
      ),
    );
    if (result.modifiedCount === 0) return null;
    if (events.length) this.relay.kick(this.model);
    const updated = await this.findById(id);
    await this.lists.placed(id, updated);
    return updated;
  }

  /** Deletes the request, keeping a tombstone with the deletion event until the relay sent it. */
  async markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const fields = { tombstone: true, openKey: `deleted-${id}` };
    const deleted = await markDeleted(this.model, this.relay, id, fields, events);
    await this.lists.placed(id, null);
    await purgeTombstones(this.model);
    return deleted;
  }

  /** Names and pictures refreshed from identity, wherever the user appears. */
  async refreshUser(user: UserRef): Promise<void> {
    await this.refreshUsers([user]);
  }

  /** Several users' names and pictures in one statement to the store (a batch of identity's events). */
  async refreshUsers(users: UserRef[]): Promise<void> {
    if (users.length === 0) return;
    await this.model.bulkWrite(
      users.flatMap((user) => [
        { updateMany: { filter: { requesterId: user.id }, update: { $set: { requester: user } } } },
        { updateMany: { filter: { reviewerId: user.id }, update: { $set: { 'review.reviewer': user } } } },
      ]),
    );
  }

  /**
   * A deleted user's requests go with them; the user's deletion is the event others hear about.
   * Requests whose own events are still waiting for the relay stay as tombstones until they left.
   */
  async removeAllOf(userId: string): Promise<void> {
    const theirs = await this.model.find({ requesterId: userId, ...live }, { _id: 1 }).lean();
    await this.model.updateMany(
      { requesterId: userId, ...live },
      { $set: { deletedAt: new Date(), tombstone: true } },
    );
    for (const { _id } of theirs) await this.lists.placed(_id.toHexString(), null);
    await purgeTombstones(this.model);
  }
}
