import { Types } from 'mongoose';
import { hourOf, withEvents, type AggregateModel, type OutboxRelay, type PendingEvent } from '@podz/kit';
import type { CatalogModels } from './catalog-models';

type ReleaseClockModel = CatalogModels['releaseClock'];

/** Where a record keeps the moment it goes public: an episode's `publishedAt`, a show's `publishAt`. */
export type ReleaseTimeField = 'publishedAt' | 'publishAt';

/** The fields a show or an episode is scheduled by: its status and the moment it goes public. */
export type ReleaseFields = { status?: string } & { [field in ReleaseTimeField]?: Date | string | null };

/**
 * `releaseHour` follows `status` and the release moment: the hour a scheduled record is filed
 * under for the release clock, null for any other. Whoever sets the status sets the time with it.
 */
export function releaseHour(
  fields: ReleaseFields,
  timeField: ReleaseTimeField,
): { releaseHour?: string | null } {
  if (fields.status === undefined) return {};
  const at = fields[timeField];
  return { releaseHour: fields.status === 'scheduled' && at ? hourOf(new Date(at)) : null };
}

/** A scheduled record as the release clock read it. */
type Scheduled = { id: string; releaseHour?: string | null } & ReleaseFields;

/** What a repository lends the shared release write. */
export type ReleaseStore = {
  model: AggregateModel & {
    updateOne(
      filter: Record<string, unknown>,
      update: Record<string, unknown>,
    ): PromiseLike<{ modifiedCount: number }>;
  };
  relay: OutboxRelay;
  records: { invalidateAfterWrite(ids: string[]): Promise<void> };
};

/**
 * Sets `published` (with the record's own clean-up fields) and stores the events, if the record
 * is still scheduled for the hour and time it was read with: of two clocks (or a clock and an
 * owner's edit) one decides. Whether this call made the release.
 */
export async function releaseIfStillScheduled(
  store: ReleaseStore,
  record: Scheduled,
  timeField: ReleaseTimeField,
  cleared: Record<string, null>,
  events: PendingEvent[],
): Promise<boolean> {
  const result = await store.model.updateOne(
    {
      _id: new Types.ObjectId(record.id),
      status: 'scheduled',
      releaseHour: record.releaseHour,
      [timeField]: record[timeField],
      deletedAt: null,
    },
    withEvents({ $set: { status: 'published', releaseHour: null, ...cleared } }, events),
  );
  if (result.modifiedCount !== 1) return false;
  store.relay.kick(store.model);
  await store.records.invalidateAfterWrite([record.id]);
  return true;
}

/** Where each release clock has swept through, kept in the store so a restart resumes there. */
export class ReleaseBookmarks {
  constructor(private readonly model: ReleaseClockModel) {}

  async sweptThrough(clock: 'releases' | 'show-releases'): Promise<string | undefined> {
    const row = await this.model.findById(clock).lean<{ sweptThrough: string }>();
    return row?.sweptThrough;
  }

  async setSweptThrough(clock: 'releases' | 'show-releases', hour: string): Promise<void> {
    await this.model.updateOne({ _id: clock }, { $set: { sweptThrough: hour } }, { upsert: true });
  }
}
