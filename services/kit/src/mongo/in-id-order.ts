import type { Types } from 'mongoose';

/**
 * Rows read by `_id: {$in: ids}` put back in the order of `ids` (the store answers in its own
 * order); ids with no row are left out.
 */
export function inIdOrder<T extends { _id: Types.ObjectId }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row._id.toHexString(), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
