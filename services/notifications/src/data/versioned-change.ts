import type { Model } from 'mongoose';
import { isDuplicateKey } from '@podz/kit';

/** A document changed by read-decide-write: `v` counts its writes. */
export interface Versioned {
  _id: string;
  v: number;
}

/**
 * Reads the document, lets `decide` say what it becomes (undefined: nothing to do), and writes
 * that only if no one wrote in between, trying again from a fresh read if someone did. One
 * document is one atomic write on MongoDB and FerretDB alike, so a per-user document changed this
 * way needs no transaction and loses no concurrent change (two events for one member, two tabs).
 * Answers the document as written, or undefined when `decide` left it alone.
 */
export async function changeVersioned<T extends Versioned>(
  model: Model<T>,
  id: string,
  decide: (current: T | null) => Omit<T, '_id' | 'v'> | undefined,
  attempts = 8,
): Promise<T | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = (await model.findById(id).lean()) as T | null;
    const fields = decide(current);
    if (!fields) return undefined;
    if (!current) {
      const created = { ...fields, _id: id, v: 1 } as T;
      try {
        await model.collection.insertOne(created as never);
        return created;
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
    }
    const landed = await model.updateOne(
      { _id: id, v: current.v } as never,
      {
        $set: fields,
        $inc: { v: 1 },
      } as never,
    );
    if (landed.matchedCount === 1) return { ...fields, _id: id, v: current.v + 1 } as T;
  }
  throw new Error(`${model.collection.name} ${id} kept changing under ${attempts} tries`);
}
