import { Types } from 'mongoose';
import { keyed, type Keyed } from './keyed';

/**
 * Records read by id put back in the order of `ids` (the store answers in its own order); ids with
 * no record are left out.
 */
export function inIdOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The live documents with these ids as records, in the order of the ids: one keyed read (`_id: {$in}`). */
export async function findInIdOrder<T extends { _id: Types.ObjectId }>(
  model: { find(filter: object): { lean<R>(): PromiseLike<R> } },
  ids: string[],
  filter: object = {},
): Promise<Keyed<T>[]> {
  if (ids.length === 0) return [];
  const rows = await model
    .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, ...filter })
    .lean<T[]>();
  return inIdOrder(ids, rows.map(keyed));
}
