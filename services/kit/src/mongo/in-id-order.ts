import { Types } from 'mongoose';

/**
 * Rows read by `_id: {$in: ids}` put back in the order of `ids` (the store answers in its own
 * order); ids with no row are left out.
 */
export function inIdOrder<T extends { _id: Types.ObjectId }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row._id.toHexString(), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The live documents with these ids, in the order of the ids: one keyed read (`_id: {$in}`). */
export async function findInIdOrder<T extends { _id: Types.ObjectId }>(
  model: { find(filter: object): { lean<R>(): PromiseLike<R> } },
  ids: string[],
  filter: object = {},
): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await model
    .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, ...filter })
    .lean<T[]>();
  return inIdOrder(ids, rows);
}
