import { Redis } from 'ioredis';
import { MongoClient, ObjectId } from 'mongodb';
import { createLogger, keyed, RankedLists } from '@podz/kit';
import { testInfra, uniqueName } from '@podz/kit/testing';
import { RecordCache } from '../src/cache/record-cache';

interface Show {
  _id: ObjectId;
  uId: string;
  name: string;
  publishedAt: Date;
}

const redis = new Redis(testInfra().redisUrl);
const client = new MongoClient(testInfra().mongoUrl);
const database = uniqueName('test_kit_records');
const shows = client.db(database).collection<Show>('shows');
const logger = createLogger('test', 'silent');
const prefix = uniqueName('test:records');

/** Reads of the store, counted; `paused` holds a read after it has read, until released. */
let storeReads = 0;
let paused: Promise<void> | undefined;
const load = async (ids: string[]) => {
  storeReads += 1;
  const rows = await shows.find({ _id: { $in: ids.map((id) => new ObjectId(id)) } }).toArray();
  await paused;
  return rows;
};
const records = new RecordCache<Show>(redis, prefix, logger, load);

async function show(name: string): Promise<Show> {
  const row = { _id: new ObjectId(), uId: name.toLowerCase(), name, publishedAt: new Date() };
  await shows.insertOne(row);
  return row;
}

afterAll(async () => {
  await client.db(database).dropDatabase();
  await Promise.all([client.close(), redis.quit()]);
});

describe('records kept beside the store', () => {
  it('reads the store once, then Redis, until a write drops the record', async () => {
    const kept = await show('Kept');
    const reads = storeReads;
    const [first] = await records.read([kept._id.toHexString()]);
    // The id as a string, dates as they were.
    expect(first).toEqual(keyed(kept));
    // Changed behind the cache's back: the record still answers, without a store read.
    await shows.updateOne({ _id: kept._id }, { $set: { name: 'Changed' } });
    expect((await records.read([kept._id.toHexString()]))[0]!.name).toBe('Kept');
    expect(storeReads).toBe(reads + 1);
    // The write path invalidates: the next read goes to the store.
    await records.invalidate([kept._id.toHexString()]);
    expect((await records.read([kept._id.toHexString()]))[0]!.name).toBe('Changed');
    expect(storeReads).toBe(reads + 2);
  });

  it('answers several ids from Redis and the store together, leaving out those the store lacks', async () => {
    const [a, b] = [await show('A'), await show('B')];
    await records.read([a._id.toHexString()]);
    const missing = new ObjectId().toHexString();
    const found = await records.read([a._id.toHexString(), b._id.toHexString(), missing]);
    expect(found.map((row) => row.name).sort()).toEqual(['A', 'B']);
  });

  it('never keeps what a read saw before a write that finished while it was reading', async () => {
    const raced = await show('Before');
    const id = raced._id.toHexString();
    let release: () => void = () => undefined;
    paused = new Promise((resolve) => (release = resolve));
    const reading = records.read([id]);
    // The reader has the old document in hand; the write lands and invalidates meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await shows.updateOne({ _id: raced._id }, { $set: { name: 'After' } });
    await records.invalidate([id]);
    release();
    paused = undefined;
    expect((await reading)[0]!.name).toBe('Before'); // what it read, as any read before a write
    expect((await records.read([id]))[0]!.name).toBe('After'); // but not kept for the next one
  });

  it('finds a document by a unique key through the id it remembers, and notices a rename', async () => {
    const renamed = await show('Old name');
    const byUId = (uId: string) =>
      records.readByAlias(
        `uId:${uId}`,
        (row) => row.uId === uId,
        () => shows.findOne({ uId }),
      );
    expect((await byUId('old name'))!.id).toEqual(renamed._id.toHexString()); // found in the store
    expect((await byUId('old name'))!.id).toEqual(renamed._id.toHexString()); // the id remembered, its record filled
    const reads = storeReads;
    expect((await byUId('old name'))!.id).toEqual(renamed._id.toHexString());
    expect(storeReads).toBe(reads); // alias and record, both from Redis
    await shows.updateOne({ _id: renamed._id }, { $set: { uId: 'new name' } });
    await records.invalidate([renamed._id.toHexString()]);
    expect(await byUId('old name')).toBeNull();
    expect((await byUId('new name'))!.id).toEqual(renamed._id.toHexString());
    // Remembering an alias ahead of time (from an event) is safe: it is checked against the record.
    await records.remember('uId:old name', renamed._id.toHexString());
    expect(await byUId('old name')).toBeNull();
  });

  it('reads a page of a list with what Redis keeps of its ids, and fills the rest as a read does', async () => {
    const lists = new RankedLists(redis, uniqueName('test:lists'));
    const [kept, cold, raced] = [await show('Kept one'), await show('Cold one'), await show('Raced one')];
    const ids = [kept, cold, raced].map((row) => row._id.toHexString());
    for (const [at, id] of ids.entries()) await lists.place('shows', id, '', [{ list: 'newest', score: at }]);
    expect(await lists.descending('newest', Infinity, 0, 10, 'newest', records.keys)).toBeNull(); // not built
    await lists.markBuilt(['newest']);
    await records.read([ids[0]!]);

    const page = (await lists.descending('newest', Infinity, 0, 10, 'newest', records.keys))!;
    expect(page.ids).toEqual([...ids].reverse());
    expect(page.total).toBe(3);
    expect(page.kept!.records.map((bytes) => bytes !== null)).toEqual([false, false, true]);
    // A write lands after the page was read and before its documents are: that record is not kept.
    await shows.updateOne({ _id: raced._id }, { $set: { name: 'Raced, changed' } });
    await records.invalidate([ids[2]!]);
    const reads = storeReads;
    const found = await records.read(page.ids, page.kept);
    expect(found.map((row) => row.name).sort()).toEqual(['Cold one', 'Kept one', 'Raced, changed']);
    expect(storeReads).toBe(reads + 1); // the two missing ones in one store read
    const again = (await lists.descending('newest', Infinity, 0, 10, 'newest', records.keys))!;
    expect(again.kept!.records.map((bytes) => bytes !== null)).toEqual([false, true, true]);
    // An empty page reads as one.
    const beyond = (await lists.descending('newest', Infinity, 5, 10, 'newest', records.keys))!;
    expect(beyond).toMatchObject({ ids: [], total: 3, kept: { records: [], epochs: [] } });
  });

  it('merges the newest entries of several lists in one read, each list giving at most the count', async () => {
    const lists = new RankedLists(redis, uniqueName('test:lists'));
    const entries = [
      ['a1', 'a', 10],
      ['a2', 'a', 40],
      ['a3', 'a', 70],
      ['b1', 'b', 50],
      ['b2', 'b', 60],
      ['c1', 'c', 20],
      ['late', 'c', 1000],
    ] as const;
    for (const [id, list, score] of entries) await lists.place('episodes', id, '', [{ list, score }]);
    expect(await lists.descendingAcross(['a', 'b', 'c'], 100, 3, 'a')).toBeNull(); // not built
    await lists.markBuilt(['a']);
    expect(await lists.descendingAcross(['a', 'b', 'c'], 100, 3, 'a')).toEqual(['a3', 'b2', 'b1']);
    expect(await lists.descendingAcross(['a', 'c', 'missing'], 100, 10, 'a')).toEqual([
      'a3',
      'a2',
      'c1',
      'a1',
    ]);
    expect(await lists.descendingAcross(['c'], Infinity, 1, 'a')).toEqual(['late']);
    expect(await lists.descendingAcross([], 100, 5, 'a')).toEqual([]);
  });

  it('reads the store when Redis cannot be reached', async () => {
    const offline = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const cold = new RecordCache<Show>(offline, prefix, logger, load);
    const row = await show('Offline');
    expect((await cold.read([row._id.toHexString()]))[0]!.name).toBe('Offline');
    await expect(cold.invalidate([row._id.toHexString()])).rejects.toThrow();
    offline.disconnect();
  });
});
