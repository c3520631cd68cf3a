import request from 'supertest';
import { bearer, CatalogPlatform, type Member, type TestCatalog } from './support/catalog-harness';

// Two catalog instances on one store, cache and broker, as two replicas behind the gateway: a
// write made through one is what the other answers next. The records and rendered answers both
// keep are in Redis and a write drops them before it answers, so no wait is needed here.

let platform: CatalogPlatform;
let second: TestCatalog;
let owner: Member;
const one = () => request(platform.url);
const other = () => request(second.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  second = await platform.anotherInstance();
  owner = await platform.member('owner');
});
afterAll(async () => {
  await second?.stop();
  await platform?.stop();
});

describe('two catalog instances', () => {
  it("answer a show's page, record and feed as the other instance last wrote them", async () => {
    const show = await platform.showBy<{ id: string; uId: string }>(owner, {
      name: `Twin Rivers ${Date.now()}`,
      category: 'History',
    });
    const page = `/api/podcasts/name/${show.uId}`;
    const record = `/api/podcasts/${show.id}`;
    const feed = `/shows/${show.uId}/feed.xml`;
    // The other instance reads (and keeps) everything once.
    expect((await other().get(page).expect(200)).body.description).toBe('');
    expect((await other().get(record).expect(200)).body.description).toBe('');
    const feedBefore = await other().get(feed).expect(200);

    await one()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ description: 'Told on one, read on the other' })
      .expect(200);
    expect((await other().get(page).expect(200)).body.description).toBe('Told on one, read on the other');
    expect((await other().get(record).expect(200)).body.description).toBe('Told on one, read on the other');
    const feedAfter = await other().get(feed).expect(200);
    expect(feedAfter.text).toContain('Told on one, read on the other');
    expect(feedAfter.headers.etag).not.toBe(feedBefore.headers.etag);
  });

  it("answer an episode, the show's episode list and the audio the other instance took", async () => {
    const show = await platform.showBy<{ id: string; uId: string }>(owner, {
      name: `Twin Episodes ${Date.now()}`,
      category: 'History',
    });
    const list = `/api/episodes/podcast-episodes?podcastId=${show.id}`;
    expect((await other().get(list).expect(200)).body.items).toEqual([]);

    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Made on one' });
    const listed = await other().get(list).expect(200);
    expect(listed.body.items.map((e: { id: string }) => e.id)).toEqual([episode.id]);
    const read = await other().get(`/api/episodes/${episode.id}`).expect(200);
    expect(read.body.title).toBe('Made on one');
    // The audio is media's to serve, whichever catalog instance recorded the episode.
    const audio = await request(platform.url).get(read.body.audio.url).set('range', 'bytes=0-99').expect(206);
    expect(audio.body).toHaveLength(100);

    await one()
      .put(`/api/episodes/${episode.id}`)
      .set(bearer(owner.token))
      .send({ title: 'Renamed on one' })
      .expect(200);
    expect((await other().get(`/api/episodes/${episode.id}`).expect(200)).body.title).toBe('Renamed on one');
    expect((await other().get(list).expect(200)).body.items[0].title).toBe('Renamed on one');
  });
});
