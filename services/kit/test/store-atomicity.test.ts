import { MongoClient } from 'mongodb';
import { testInfra, uniqueName } from '../src/testing';

/**
 * The code relies on MongoDB's single-document atomicity (ARCHITECTURE §4: the embedded outbox).
 * FerretDB 1.24 lacks it unless built with deploy/local/ferretdb-atomic-writes.patch, so this checks
 * the store the suites actually run on: concurrent updates of one document must all land.
 */
const client = new MongoClient(testInfra().mongoUrl, { maxPoolSize: 32 });
const database = uniqueName('test_kit_atomicity');

afterAll(async () => {
  await client.db(database).dropDatabase();
  await client.close();
});

describe('the document store', () => {
  it('applies concurrent updates and findAndModify calls on one document without losing any', async () => {
    const counters = client.db(database).collection<{ _id: string; n: number; seen: number[] }>('counters');
    await counters.insertOne({ _id: 'one', n: 0, seen: [] });
    const writes = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? counters.updateOne({ _id: 'one' }, { $inc: { n: 1 }, $push: { seen: i } })
        : counters.findOneAndUpdate({ _id: 'one' }, { $inc: { n: 1 }, $push: { seen: i } }),
    );
    await Promise.all(writes);
    const stored = await counters.findOne({ _id: 'one' });
    expect(stored?.n).toBe(200);
    expect([...stored!.seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('keeps writes atomic whether they name documents by _id, by $in or by another field', async () => {
    // The patch locks only the documents a write names by _id, and the whole collection otherwise.
    const counters = client.db(database).collection<{ _id: string; tag: string; n: number }>('mixed');
    await counters.insertMany([
      { _id: 'a', tag: 'x', n: 0 },
      { _id: 'b', tag: 'x', n: 0 },
    ]);
    const writes = Array.from({ length: 300 }, (_, i) => {
      if (i % 3 === 0) return counters.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } });
      if (i % 3 === 1) return counters.updateMany({ _id: { $in: ['a', 'b'] } }, { $inc: { n: 1 } });
      return counters.updateMany({ tag: 'x' }, { $inc: { n: 1 } });
    });
    await Promise.all(writes);
    const stored = await counters.find().sort({ _id: 1 }).toArray();
    expect(stored.map((doc) => doc.n)).toEqual([300, 200]);
  });

  // deploy/local/ferretdb-lean-writes.patch writes one document without a transaction and keeps
  // no btree beside the GIN index of a non-unique index: what the services rely on still holds.
  it('answers a duplicate key on a single insert, and keeps unique and plain indexes working', async () => {
    const people = client.db(database).collection<{ _id: string; email: string; team: string }>('people');
    await people.createIndex({ email: 1 }, { unique: true });
    await people.createIndex({ team: 1 });
    await people.insertOne({ _id: 'ana', email: 'ana@example.com', team: 'red' });
    await expect(
      people.insertOne({ _id: 'ana', email: 'other@example.com', team: 'red' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    await expect(
      people.insertOne({ _id: 'bo', email: 'ana@example.com', team: 'blue' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    await people.insertOne({ _id: 'bo', email: 'bo@example.com', team: 'blue' });
    await people.updateOne({ _id: 'bo' }, { $set: { team: 'red' } });
    expect((await people.find({ team: 'red' }).toArray()).map((p) => p._id).sort()).toEqual(['ana', 'bo']);
    expect(await people.findOne({ email: 'bo@example.com' })).toMatchObject({ _id: 'bo', team: 'red' });

    // Both kinds drop cleanly, and the unique rule goes with its index.
    await people.dropIndex('team_1');
    await people.dropIndex('email_1');
    await people.insertOne({ _id: 'cy', email: 'bo@example.com', team: 'red' });
    expect(await people.countDocuments({ team: 'red' })).toBe(3);
  });

  // deploy/local/ferretdb-statement-queries.patch: unpatched, each statement of an update command
  // held its query's PostgreSQL connection until the command ended, so a bulk of more statements
  // than the pool's 50 connections waited for itself and never answered.
  it('answers a bulk of 200 keyed updates in one command, two such bulks side by side', async () => {
    const rows = client.db(database).collection<{ _id: string; n: number }>('bulk');
    const ids = Array.from({ length: 200 }, (_, i) => `row-${i}`);
    await rows.insertMany(ids.map((_id) => ({ _id, n: 0 })));
    const bulk = () =>
      rows.bulkWrite(
        ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { n: 1 } } } })),
        { ordered: false },
      );
    const results = await Promise.all([bulk(), bulk()]);
    expect(results.map((result) => result.modifiedCount)).toEqual([200, 200]);
    expect(await rows.countDocuments({ n: 2 })).toBe(200);
  }, 30_000);

  it('sends a find its limit with a filter it answers exactly, and keeps the answers MongoDB gives', async () => {
    // deploy/local/ferretdb-limit-pushdown.patch: a findOne on a flag read every matching row.
    const rows = client.db(database).collection<{ _id: string; flag: unknown; name: string }>('limits');
    await rows.insertMany([
      { _id: 'string', flag: 'true', name: 'x' },
      { _id: 'yes-1', flag: true, name: 'x' },
      { _id: 'list', flag: [false, true], name: 'y' },
      { _id: 'no', flag: false, name: 'x' },
      { _id: 'yes-2', flag: true, name: 'y' },
    ]);
    const explained = async (filter: object, limit: number) =>
      (await client.db(database).command({ explain: { find: 'limits', filter, limit } })) as {
        limitPushdown?: boolean;
      };
    expect((await explained({ flag: true }, 1)).limitPushdown).toBe(true);
    expect((await explained({ flag: { $eq: true }, name: 'x' }, 1)).limitPushdown).toBe(false);
    expect((await explained({ name: 'x' }, 1)).limitPushdown).toBe(false);

    const ids = async (filter: object, limit: number) =>
      (await rows.find(filter).limit(limit).toArray()).map((row) => row._id).sort();
    expect(await ids({ flag: true }, 10)).toEqual(['list', 'yes-1', 'yes-2']);
    expect(await ids({ flag: true }, 2)).toHaveLength(2);
    expect(await ids({ flag: true, name: 'y' }, 1)).toHaveLength(1);
    expect(await rows.findOne({ flag: false }, { projection: { _id: 1 } })).toEqual(
      expect.objectContaining({ _id: expect.stringMatching(/^(no|list)$/) }),
    );
    expect(await ids({ flag: 'true' }, 1)).toEqual(['string']);
  });
});
