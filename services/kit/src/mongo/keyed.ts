import type { Types } from 'mongoose';

/**
 * A stored document as use cases read it: its `_id` turned into `id`, the 24-hex string (or the
 * natural key) that the API and events carry, so no `ObjectId` travels past the data layer.
 */
export type Keyed<T extends { _id: unknown }> = Omit<T, '_id'> & { id: string };

/**
 * The document as a record with a string `id`; repositories answer every read this way. It sets
 * `id` on the document it is given rather than copying it: a list read converts every record it
 * answers, and a copy of each costs more than the rest of the conversion. The `_id` left on the
 * object is outside the record's type, so no use case reads it.
 */
export function keyed<T extends { _id: Types.ObjectId | string }>(doc: T): Keyed<T> {
  const record = doc as T & { id: string };
  record.id = typeof doc._id === 'string' ? doc._id : doc._id.toHexString();
  return record;
}

/** `keyed` for a read that may find nothing. */
export function keyedOrNull<T extends { _id: Types.ObjectId | string }>(doc: T | null): Keyed<T> | null {
  return doc ? keyed(doc) : null;
}

/** When a 24-hex id was made: its first four bytes are the seconds since the epoch. */
export const idTime = (id: string): Date => new Date(parseInt(id.slice(0, 8), 16) * 1000);
