import { Types } from 'mongoose';
import { backfillPeopleIds } from '../src/data/backfill-people-ids';
import { backfillUpcoming } from '../src/data/backfill-upcoming';
import { CatalogPlatform } from './support/catalog-harness';

let platform: CatalogPlatform;

beforeAll(async () => {
  platform = await CatalogPlatform.start();
});
afterAll(() => platform?.stop());

it('gives shows and episodes from before the top-level id fields their ids, once', async () => {
  const db = platform.catalog.context.db;
  const ref = (id: string) => ({ id, username: id, profilePicture: '' });
  const showId = new Types.ObjectId();
  const episodeId = new Types.ObjectId();
  await db.collection('podcasts').insertOne({
    _id: showId,
    uId: `old-${showId.toHexString()}`,
    nameKey: `old ${showId.toHexString()}`,
    owner: ref('owner-1'),
    hosts: [
      { user: ref('host-1'), confirmed: true },
      { user: ref('host-2'), confirmed: false },
    ],
    crew: [{ user: ref('crew-1'), role: 'Editor' }],
  });
  await db
    .collection('episodes')
    .insertOne({ _id: episodeId, podcast: showId.toHexString(), guests: [ref('g-1')] });
  await db.collection('migrations').deleteOne({ _id: 'catalog-people-ids-v1' as never });
  const models = { podcasts: db.model('Podcast'), episodes: db.model('Episode') } as never;

  expect(await backfillPeopleIds(db, models)).toBe(true);
  expect(await db.collection('podcasts').findOne({ _id: showId })).toMatchObject({
    ownerId: 'owner-1',
    hostIds: ['host-1', 'host-2'],
    confirmedHostIds: ['host-1'],
    crewIds: ['crew-1'],
  });
  expect(await db.collection('episodes').findOne({ _id: episodeId })).toMatchObject({ guestIds: ['g-1'] });
  expect(await backfillPeopleIds(db, models)).toBe(false);
});

it("files episodes scheduled before upcoming releases existed under their show's owner, once", async () => {
  const db = platform.catalog.context.db;
  const showId = new Types.ObjectId();
  const [scheduled, published] = [new Types.ObjectId(), new Types.ObjectId()];
  await db.collection('podcasts').insertOne({
    _id: showId,
    uId: `sched-${showId.toHexString()}`,
    nameKey: `sched ${showId.toHexString()}`,
    ownerId: 'owner-2',
    deletedAt: null,
  });
  await db.collection('episodes').insertMany([
    { _id: scheduled, podcast: showId.toHexString(), status: 'scheduled', deletedAt: null },
    { _id: published, podcast: showId.toHexString(), status: 'published', deletedAt: null },
  ]);
  await db.collection('migrations').deleteOne({ _id: 'catalog-upcoming-v1' as never });
  const models = { podcasts: db.model('Podcast'), episodes: db.model('Episode') } as never;

  expect(await backfillUpcoming(db, models)).toBe(true);
  expect(await db.collection('episodes').findOne({ _id: scheduled })).toMatchObject({
    upcomingFor: 'owner-2',
  });
  expect((await db.collection('episodes').findOne({ _id: published }))?.upcomingFor).toBeUndefined();
  expect(await backfillUpcoming(db, models)).toBe(false);
});
