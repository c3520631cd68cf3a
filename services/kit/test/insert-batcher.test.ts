import { MongoClient, type Collection } from 'mongodb';
import { InsertBatcher, type InsertTarget } from '../src/mongo/insert-batcher';
import { isDuplicateKey } from '../src/mongo/connect-mongo';
import { testInfra, uniqueName } from '../src/testing';

interface Note {
  _id: string;
  n: number;
}

const client = new MongoClient(testInfra().mongoUrl);
const database = uniqueName('test_kit_insert_batcher');
let collectionCount = 0;

/** A fresh collection of the real store, and how many insert commands reached it. */
function counted() {
  const collection = client.db(database).collection<Note>(`notes_${++collectionCount}`);
  const commands = { insertOne: 0, insertMany: [] as number[] };
  const target: InsertTarget<Note> = {
    insertOne: (doc) => {
      commands.insertOne++;
      return collection.insertOne(doc);
    },
    insertMany: (docs, options) => {
      commands.insertMany.push(docs.length);
      return collection.insertMany(docs, options);
    },
  };
  return { collection, commands, target };
}

const stored = (collection: Collection<Note>) =>
  collection
    .find()
    .sort({ _id: 1 })
    .toArray()
    .then((notes) => notes.map((note) => note._id));

afterAll(async () => {
  await client.db(database).dropDatabase();
  await client.close();
});

describe('InsertBatcher', () => {
  it('writes the documents of one window in one command and answers each caller', async () => {
    const { collection, commands, target } = counted();
    const batcher = new InsertBatcher(target, { windowMs: 20 });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    await Promise.all(ids.map((id, n) => batcher.insert({ _id: id, n })));
    expect(commands).toEqual({ insertOne: 0, insertMany: [5] });
    expect(await stored(collection)).toEqual(ids);
    // A later window is a command of its own.
    await batcher.insert({ _id: 'f', n: 5 });
    expect(commands.insertMany).toEqual([5, 1]);
  });

  it('refuses a duplicate to its own caller only, with the store code, and stores the rest', async () => {
    const { collection, target } = counted();
    await collection.insertOne({ _id: 'taken', n: 0 });
    const batcher = new InsertBatcher(target, { windowMs: 20 });
    const outcomes = await Promise.allSettled([
      batcher.insert({ _id: 'one', n: 1 }),
      batcher.insert({ _id: 'taken', n: 2 }),
      batcher.insert({ _id: 'two', n: 3 }),
      batcher.insert({ _id: 'two', n: 4 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    const refused = outcomes.filter(
      (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
    );
    expect(refused.every((outcome) => isDuplicateKey(outcome.reason))).toBe(true);
    expect(await stored(collection)).toEqual(['one', 'taken', 'two']);
    expect(await collection.findOne({ _id: 'two' })).toEqual({ _id: 'two', n: 3 });
  });

  it('rejects every caller of a command that failed as a whole, and loses none of the next window', async () => {
    const { collection, target } = counted();
    let refuseNext = true;
    // The store unreachable for one command: the driver's own error, as a closed client gives.
    const closed = new MongoClient(testInfra().mongoUrl);
    await closed.connect();
    await closed.close();
    const failing: InsertTarget<Note> = {
      insertOne: (doc) => target.insertOne(doc),
      insertMany: (docs, options) => {
        if (!refuseNext) return target.insertMany(docs, options);
        refuseNext = false;
        return closed.db(database).collection<Note>('unreachable').insertMany(docs, options);
      },
    };
    const batcher = new InsertBatcher(failing, { windowMs: 20 });
    const first = await Promise.allSettled([
      batcher.insert({ _id: 'x', n: 1 }),
      batcher.insert({ _id: 'y', n: 2 }),
    ]);
    expect(first.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(isDuplicateKey((first[0] as PromiseRejectedResult).reason)).toBe(false);
    await batcher.insert({ _id: 'z', n: 3 });
    expect(await stored(collection)).toEqual(['z']);
  });

  it('hands a throw before the write to every caller of the window', async () => {
    const { target } = counted();
    const throwing: InsertTarget<Note> = {
      insertOne: (doc) => target.insertOne(doc),
      insertMany: () => {
        throw new TypeError('cannot serialize');
      },
    };
    const batcher = new InsertBatcher(throwing, { windowMs: 5 });
    const outcomes = await Promise.allSettled([
      batcher.insert({ _id: 'p', n: 1 }),
      batcher.insert({ _id: 'q', n: 2 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && String(outcome.reason))).toEqual([
      'TypeError: cannot serialize',
      'TypeError: cannot serialize',
    ]);
  });

  it('writes at once when the batch is full, and each document alone with a window of 0', async () => {
    const full = counted();
    const batcher = new InsertBatcher(full.target, { windowMs: 60_000, maxBatch: 3 });
    await Promise.all([1, 2, 3].map((n) => batcher.insert({ _id: `full-${n}`, n })));
    expect(full.commands.insertMany).toEqual([3]);

    const alone = counted();
    const unbatched = new InsertBatcher(alone.target, { windowMs: 0 });
    await Promise.all([1, 2].map((n) => unbatched.insert({ _id: `alone-${n}`, n })));
    expect(alone.commands).toEqual({ insertOne: 2, insertMany: [] });
    expect(await stored(alone.collection)).toEqual(['alone-1', 'alone-2']);
  });
});
