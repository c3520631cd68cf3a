import { Types } from 'mongoose';
import {
  keyed,
  keyedOrNull,
  markDeleted,
  newWithEvents,
  present,
  purgeTombstones,
  withEvents,
  type ListKeeper,
  type OutboxRelay,
  type PendingEvent,
} from '@podz/kit';
import type { CampaignStatus } from '@podz/proto';
import { CAMPAIGNS_LIST } from './campaign-lists';
import type { CampaignModel, CampaignRecord, StoredCampaign } from './campaign-model';

const live = { deletedAt: null };

/** A campaign's fields as stored: the body's, dates as dates, creatives as media described them. */
export type CampaignFields = Omit<
  StoredCampaign,
  '_id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'createdBy' | 'status'
>;

/**
 * Campaigns in the store, each write with its events (the outbox) and placed in the console's list.
 * Every read is by id or a page of the maintained list.
 */
export class CampaignRepository {
  constructor(
    private readonly model: CampaignModel,
    private readonly relay: OutboxRelay,
    private readonly lists: ListKeeper<CampaignRecord>,
  ) {}

  findById(id: string): Promise<CampaignRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .lean<StoredCampaign>()
      .then(keyedOrNull);
  }

  async create(
    fields: CampaignFields & { createdBy: string },
    events: (id: string) => PendingEvent[],
  ): Promise<CampaignRecord> {
    const _id = new Types.ObjectId();
    const id = _id.toHexString();
    await this.model.create(newWithEvents({ _id, ...fields, status: 'draft' }, events(id)));
    this.relay.kick(this.model);
    const created = present(await this.findById(id), `campaign ${id}`);
    await this.lists.placed(id, created);
    return created;
  }

  /** Sets the changes only on the version read (`updatedAt`), so two editors' saves never mix. */
  async update(
    before: CampaignRecord,
    changes: Partial<CampaignFields> & { status?: CampaignStatus },
    events: (after: CampaignRecord) => PendingEvent[],
  ): Promise<CampaignRecord | null> {
    const after = { ...before, ...changes } as CampaignRecord;
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(before.id), updatedAt: before.updatedAt, ...live },
      withEvents({ $set: changes }, events(after)),
    );
    if (result.matchedCount === 0) return null;
    this.relay.kick(this.model);
    const updated = await this.findById(before.id);
    if (updated) await this.lists.placed(before.id, updated);
    return updated;
  }

  /** Deletes it, keeping a tombstone with its event until the relay sent it; false when gone already. */
  async markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const deleted = await markDeleted(this.model, this.relay, id, {}, events);
    await this.lists.placed(id, null);
    await purgeTombstones(this.model, { deletedAt: { $ne: null } });
    return deleted;
  }

  /** A page of the console's list, newest first; from the store while the list is rebuilt. */
  page(page: number, limit: number): Promise<{ items: CampaignRecord[]; total: number }> {
    const offset = (page - 1) * limit;
    return this.lists.page(
      () => this.lists.descending(CAMPAIGNS_LIST, offset, limit),
      (record) => !record.deletedAt,
      async () => {
        const [items, total] = await Promise.all([
          this.model
            .find(live)
            .sort({ createdAt: -1, _id: -1 })
            .skip(offset)
            .limit(limit)
            .lean<StoredCampaign[]>()
            .then((rows) => rows.map(keyed)),
          this.model.countDocuments(live),
        ]);
        return { items, total };
      },
    );
  }
}
