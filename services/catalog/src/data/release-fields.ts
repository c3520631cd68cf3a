import { hourOf } from '@podz/kit';
import type { CatalogModels } from './catalog-models';

type ReleaseClockModel = CatalogModels['releaseClock'];

/** The fields a show or an episode is scheduled by: its status and the moment it goes public. */
export type ReleaseFields = {
  status?: string;
  publishedAt?: Date | string | null;
  publishAt?: Date | string | null;
};

/**
 * `releaseHour` follows `status` and the release moment (an episode's `publishedAt`, a show's
 * `publishAt`): the hour a scheduled record is filed under for the release clock, null for any
 * other. Whoever sets the status sets the time with it.
 */
export function releaseHour(fields: ReleaseFields): { releaseHour?: string | null } {
  if (fields.status === undefined) return {};
  const at = fields.publishedAt ?? fields.publishAt;
  return { releaseHour: fields.status === 'scheduled' && at ? hourOf(new Date(at)) : null };
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
