import request from 'supertest';
import { Types } from 'mongoose';
import { EpisodeRepository } from '../src/data/episode-repository';
import { PodcastRepository } from '../src/data/podcast-repository';
import { catalogModels } from '../src/data/catalog-models';
import { Redis } from 'ioredis';
import { pendingEvent, SURROGATE_PURGE_CHANNEL } from '@podz/kit';
import { eventually, testInfra } from '@podz/kit/testing';
import { podcastUpdated } from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

// Public reads are answered from a response cache in Redis (kit ResponseCache), invalidated by
// catalog's writes and by its own events; every answer carries validators for a 304.

let platform: CatalogPlatform;
let owner: Member;
const api = () => request(platform.url);

interface Show {
  id: string;
  uId: string;
  name: string;
  description: string;
  category: string;
  status: string;
  logoPath: string;
  owner: { id: string };
}

const show = (name: string) => platform.showBy<Show>(owner, { name, category: 'History' });
const episode = (podcastId: string, title: string, fields: Record<string, unknown> = {}) =>
  platform.episodeBy(owner, { podcastId, title, ...fields });

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  owner = await platform.member('owner');
});
afterAll(() => platform?.stop());

describe('public read cache', () => {
  it('answers public lists, show pages and feeds with validators, and 304 when the client has them', async () => {
    const history = await show(`Cache validators ${Date.now()}`);
    await episode(history.id, 'Validated');
    for (const path of [
      '/api/episodes?page=1&limit=10',
      '/api/podcasts/all-podcasts?limit=12',
      `/api/podcasts/name/${history.uId}`,
      `/api/episodes/podcast-episodes?podcastId=${history.id}`,
      `/shows/${history.uId}/feed.xml`,
    ]) {
      const first = await api().get(path).expect(200);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toMatch(/^public/);
      const again = await api().get(path).set('if-none-match', String(first.headers.etag)).expect(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      // What fetch() sends with a validator it holds: the precondition still decides (RFC 9110 §13.2.1).
      await api()
        .get(path)
        .set('if-none-match', String(first.headers.etag))
        .set('cache-control', 'no-cache')
        .expect(304);
    }
    const feed = await api().get(`/shows/${history.uId}/feed.xml`).expect(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    await api()
      .get(`/shows/${history.uId}/feed.xml`)
      .set('if-modified-since', String(feed.headers['last-modified']))
      .expect(304);
  });

  it('serves a repeated read from the cache, and a publish shows on the next read', async () => {
    const history = await show(`Cache publish ${Date.now()}`);
    const page = `/api/episodes/podcast-episodes?podcastId=${history.id}`;
    expect((await api().get(page).expect(200)).body.total).toBe(0);

    // Written past the catalog, with no event: the cached answer stands (checked while nothing else,
    // such as the show's own creation event arriving late, invalidated the cache in between).
    const { podcasts } = catalogModels(platform.catalog.context.db);
    const redis = platform.catalog.context.redis;
    const generationKey = `catalog:${platform.catalog.context.db.name}:responses:generation`;
    const name = `/api/podcasts/name/${history.uId}`;
    let edits = 0;
    await eventually('a read answered from the cache', async () => {
      const generation = await redis.get(generationKey);
      await api().get(name).expect(200);
      const written = `changed behind its back ${(edits += 1)}`;
      await podcasts.updateOne({ _id: history.id }, { $set: { description: written } });
      const served = (await api().get(name).expect(200)).body.description;
      return (await redis.get(generationKey)) === generation && served !== written;
    });

    const published = await episode(history.id, 'Fresh off the press');
    const after = await api().get(page).expect(200);
    expect(after.body.items.map((e: { id: string }) => e.id)).toEqual([published.id]);
  });

  it('drops cached answers when catalog hears its own event for a write it did not see', async () => {
    const { context } = platform.catalog;
    const generationKey = `catalog:${context.db.name}:responses:generation`;
    const generation = async () => Number(await context.redis.get(generationKey));
    const before = await generation();
    const history = await show(`Cache event ${Date.now()}`);
    // Invalidated twice for the new show: by the write, then by its own event, heard by now.
    await eventually('the creation event', async () => (await generation()) >= before + 2);
    const name = `/api/podcasts/name/${history.uId}`;
    expect((await api().get(name).expect(200)).body.description).toBe('');

    // As another instance's write would arrive if it died before invalidating: store and outbox
    // only (its record invalidation goes elsewhere), so the show's record and answers are stale.
    const repository = new PodcastRepository(catalogModels(context.db).podcasts, context.relay, {
      redis: context.redis,
      prefix: `test-elsewhere:${Date.now()}`,
      logger: context.logger,
    });
    await repository.change(history.id, { description: 'told by an event' }, [
      pendingEvent(podcastUpdated, history.id, {
        podcastId: history.id,
        uId: history.uId,
        name: history.name,
        ownerId: history.owner.id,
        category: 'History',
        status: 'published',
        logoPath: history.logoPath,
        featured: false,
      }),
    ]);
    await eventually(
      'the event to invalidate the cached show',
      async () => (await api().get(name).expect(200)).body.description === 'told by an event',
    );
  });

  it('keeps records of shows and episodes from their events, and drops them on every write', async () => {
    const { context } = platform.catalog;
    const history = await show(`Records ${Date.now()}`);
    const first = await episode(history.id, 'Recorded');
    const key = (family: string, suffix: string) => `catalog:${context.db.name}:${family}:${suffix}`;
    await eventually(
      'the records',
      async () =>
        (await context.redis.exists(
          key('podcasts', `record:${history.id}`),
          key('podcasts', `alias:uId:${history.uId}`),
          key('episodes', `record:${first.id}`),
        )) === 3,
    );
    // An edit through the catalog drops the record: the next read sees it at once.
    await api()
      .put(`/api/podcasts/${history.id}`)
      .set(bearer(owner.token))
      .send({ description: 'edited' })
      .expect(200);
    expect((await api().get(`/api/podcasts/name/${history.uId}`).expect(200)).body.description).toBe(
      'edited',
    );
  });

  it('answers keyed reads from the records alone once they are kept', async () => {
    const { context } = platform.catalog;
    const history = await show(`Records alone ${Date.now()}`);
    const first = await episode(history.id, 'Kept');
    // Repositories of their own (a prefix nobody else writes), renewed as catalog's events renew them.
    const at = { redis: context.redis, prefix: `test-records:${Date.now()}`, logger: context.logger };
    const models = catalogModels(context.db);
    const shows = new PodcastRepository(models.podcasts, context.relay, { ...at, prefix: `${at.prefix}:p` });
    const episodes = new EpisodeRepository(models.episodes, context.relay, {
      ...at,
      prefix: `${at.prefix}:e`,
    });
    await Promise.all([shows.refresh(history.id), episodes.refresh(first.id)]);

    // With the store's copies gone, the show by URL name and its episode still come back.
    const [savedShow, savedEpisode] = await Promise.all([
      models.podcasts.collection.findOneAndDelete({ _id: new Types.ObjectId(history.id) }),
      models.episodes.collection.findOneAndDelete({ _id: new Types.ObjectId(first.id) }),
    ]);
    try {
      expect((await shows.findByName(history.uId))?.id).toBe(history.id);
      expect((await episodes.findByIds([first.id])).map((e) => e.id)).toEqual([first.id]);
      // Once dropped (a write or an event), the store answers: they are gone.
      await Promise.all([shows.forget([history.id]), episodes.forget([first.id])]);
      expect(await shows.findByName(history.uId)).toBeNull();
      expect(await episodes.findByIds([first.id])).toEqual([]);
    } finally {
      await Promise.all([
        models.podcasts.collection.insertOne(savedShow!),
        models.episodes.collection.insertOne(savedEpisode!),
      ]);
    }
  });

  it('answers a signed-in caller fresh and privately: a manager sees drafts the public does not', async () => {
    const history = await show(`Cache private ${Date.now()}`);
    const page = `/api/episodes/podcast-episodes?podcastId=${history.id}`;
    await api().get(page).expect(200);
    await episode(history.id, 'Draft', { status: 'draft' });
    const mine = await api().get(page).set(bearer(owner.token)).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.body.total).toBe(1);
    expect((await api().get(page).expect(200)).body.total).toBe(0);
  });

  it('tags shared answers for the gateway to hold, and purges the tag there on every write', async () => {
    const history = await show(`Cache purge ${Date.now()}`);
    const page = `/api/episodes/podcast-episodes?podcastId=${history.id}`;
    const tag = `catalog:${platform.catalog.context.db.name}:responses`;
    const shared = await api().get(page).expect(200);
    expect(shared.headers['surrogate-key']).toBe(tag);
    expect(shared.headers['surrogate-control']).toBe('max-age=5');
    const mine = await api().get(page).set(bearer(owner.token)).expect(200);
    expect(mine.headers['surrogate-key']).toBeUndefined();

    const listener = new Redis(testInfra().redisUrl);
    const purged: string[] = [];
    listener.on('message', (_channel: string, key: string) => purged.push(key));
    try {
      await listener.subscribe(SURROGATE_PURGE_CHANNEL);
      await episode(history.id, 'Purged at once');
      await eventually('the purge published', async () => purged.includes(tag));
    } finally {
      listener.disconnect();
    }
  });

  it('still answers when the cache is unreachable', async () => {
    const history = await show(`Cache down ${Date.now()}`);
    const generation = `catalog:${platform.catalog.context.db.name}:responses:generation`;
    // A generation key holding a list makes every cache read fail, as an unreachable Redis would.
    // In one transaction: the new show's own event bumps the generation, and could land between.
    await platform.catalog.context.redis.multi().del(generation).rpush(generation, 'broken').exec();
    try {
      const res = await api().get(`/api/podcasts/name/${history.uId}`).expect(200);
      expect(res.body.id).toBe(history.id);
    } finally {
      await platform.catalog.context.redis.del(generation);
    }
  });
});
