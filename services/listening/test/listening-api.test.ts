import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig, type RunningService } from '@podz/kit';
import { eventually, testMember, testServiceEnv, type TestMember } from '@podz/kit/testing';
import { PLAYED_WITHIN_SECONDS, QUEUE_MAX, RECENT_PLACES_KEPT } from '@podz/proto';
import { listeningConfigSchema, type ListeningConfig } from '../src/config';
import { startListening } from '../src/listening-service';

const bearer = (member: TestMember) => ({ authorization: `Bearer ${member.token}` });
const newId = () => new Types.ObjectId().toHexString();

// Two instances on one store and one Redis, as production runs them: a save on one is read on the
// other at once, and either's flusher moves it to the store.
let first: RunningService<ListeningConfig>;
let second: RunningService<ListeningConfig>;

beforeAll(async () => {
  const env = testServiceEnv('listening', { POSITION_FLUSH_MS: '100', POSITION_STORE_AFTER_MS: '0' });
  first = await startListening(loadConfig(listeningConfigSchema, env));
  second = await startListening(loadConfig(listeningConfigSchema, env));
});

afterAll(async () => {
  await first?.context.db.dropDatabase().catch(() => undefined);
  await Promise.all([first?.stop(), second?.stop()]);
});

const member = () => testMember(first.context.redis, 'user');

const save = (url: string, who: TestMember, episodeId: string, body: object) =>
  request(url).put(`/api/listening/positions/${episodeId}`).set(bearer(who)).send(body);

const placesOf = async (url: string, who: TestMember, episodeIds: string[]) =>
  (
    await request(url)
      .get('/api/listening/positions')
      .query({ episodeIds: episodeIds.join(',') })
      .set(bearer(who))
      .expect(200)
  ).body.items as { episodeId: string; position: number; played: boolean; duration: number | null }[];

describe('positions', () => {
  it('keeps where a member is, read back on the other instance at once', async () => {
    const ann = await member();
    const episode = newId();
    const saved = await save(first.url, ann, episode, { position: 61.5, duration: 1800 }).expect(200);
    expect(saved.body).toMatchObject({ episodeId: episode, position: 61.5, duration: 1800, played: false });
    expect(await placesOf(second.url, ann, [episode, newId()])).toEqual([
      expect.objectContaining({ episodeId: episode, position: 61.5, played: false }),
    ]);
  });

  it('takes the same save as a beacon (POST) when the page goes', async () => {
    const ann = await member();
    const episode = newId();
    await request(second.url)
      .post(`/api/listening/positions/${episode}`)
      .set(bearer(ann))
      .set('content-type', 'application/json')
      .send(JSON.stringify({ position: 300 }))
      .expect(200);
    expect((await placesOf(first.url, ann, [episode]))[0]?.position).toBe(300);
  });

  it('marks an episode played at its end, or near it, and keeps it played', async () => {
    const ann = await member();
    const [ended, nearEnd, notYet] = [newId(), newId(), newId()];
    await save(first.url, ann, ended, { position: 12, ended: true }).expect(200);
    await save(first.url, ann, nearEnd, {
      position: 1800 - PLAYED_WITHIN_SECONDS + 1,
      duration: 1800,
    }).expect(200);
    await save(first.url, ann, notYet, { position: 1800 - PLAYED_WITHIN_SECONDS - 5, duration: 1800 }).expect(
      200,
    );
    // Heard again from the start: still played.
    await save(second.url, ann, ended, { position: 3 }).expect(200);
    const places = await placesOf(first.url, ann, [ended, nearEnd, notYet]);
    expect(places.map((place) => [place.episodeId, place.played])).toEqual([
      [ended, true],
      [nearEnd, true],
      [notYet, false],
    ]);
  });

  it('moves every place to the store, where it is read once Redis has forgotten it', async () => {
    const ann = await member();
    const episodes = Array.from({ length: 5 }, newId);
    for (const [n, episode] of episodes.entries())
      await save(n % 2 ? first.url : second.url, ann, episode, { position: 10 + n, duration: 600 }).expect(
        200,
      );
    const places = first.context.db.collection('places');
    await eventually(
      'the five places stored',
      async () => (await places.countDocuments({ userId: ann.id })) === 5,
    );
    // Redis loses the member's keys (an eviction, a failover without the last second's writes).
    const prefix = `listening:${first.context.db.name}`;
    await first.context.redis.del(`${prefix}:pos:${ann.id}`, `${prefix}:recent:${ann.id}`);
    expect((await placesOf(second.url, ann, episodes)).map((place) => place.position)).toEqual([
      10, 11, 12, 13, 14,
    ]);
    const resumed = await request(first.url).get('/api/listening/continue').set(bearer(ann)).expect(200);
    expect(resumed.body.items.map((place: { episodeId: string }) => place.episodeId)).toEqual(
      [...episodes].reverse(),
    );
  });

  it('lists episodes begun and not finished for "Continue listening", latest first, bounded', async () => {
    const ann = await member();
    const [a, b, c, finished] = [newId(), newId(), newId(), newId()];
    await save(first.url, ann, a, { position: 40, duration: 900 }).expect(200);
    await save(first.url, ann, b, { position: 50, duration: 900 }).expect(200);
    await save(first.url, ann, finished, { position: 899, duration: 900 }).expect(200);
    await save(first.url, ann, c, { position: 0, duration: 900 }).expect(200);
    await save(second.url, ann, a, { position: 45, duration: 900 }).expect(200);
    const list = await request(first.url).get('/api/listening/continue').set(bearer(ann)).expect(200);
    expect(list.body.items.map((place: { episodeId: string }) => place.episodeId)).toEqual([a, b]);
    const one = await request(first.url).get('/api/listening/continue?limit=1').set(bearer(ann)).expect(200);
    expect(one.body.items).toHaveLength(1);
  });

  it(`keeps a member's ${RECENT_PLACES_KEPT} latest episodes in Redis, and every place in the store`, async () => {
    const ann = await member();
    const episodes = Array.from({ length: RECENT_PLACES_KEPT + 5 }, newId);
    for (const episode of episodes) await save(first.url, ann, episode, { position: 5 }).expect(200);
    const prefix = `listening:${first.context.db.name}`;
    expect(await first.context.redis.zcard(`${prefix}:recent:${ann.id}`)).toBe(RECENT_PLACES_KEPT);
    await eventually(
      'every place stored',
      async () =>
        (await first.context.db.collection('places').countDocuments({ userId: ann.id })) === episodes.length,
    );
    expect(await placesOf(second.url, ann, episodes.slice(0, 3))).toHaveLength(3);
  });

  it('answers bad input with a 4xx in the API error shape and keeps nothing', async () => {
    const ann = await member();
    const episode = newId();
    const malformed = await save(first.url, ann, 'not-an-id', { position: 1 }).expect(400);
    expect(malformed.body).toMatchObject({ code: expect.stringMatching(/INVALID_ID|VALIDATION_FAILED/) });
    for (const body of [
      { position: -1 },
      { position: 'ten' },
      { position: 1e9 },
      { position: 10, duration: -5 },
      { position: 10, extra: true },
      {},
    ]) {
      const res = await save(first.url, ann, episode, body).expect(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: 'VALIDATION_FAILED' });
    }
    await request(first.url)
      .put(`/api/listening/positions/${episode}`)
      .set(bearer(ann))
      .set('content-type', 'application/json')
      .send('{"position":')
      .expect(400);
    await request(first.url).get('/api/listening/positions').set(bearer(ann)).expect(400);
    await request(first.url)
      .get('/api/listening/positions')
      .query({ episodeIds: Array.from({ length: 101 }, newId).join(',') })
      .set(bearer(ann))
      .expect(400);
    await request(first.url).get('/api/listening/continue?limit=0').set(bearer(ann)).expect(400);
    expect(await placesOf(first.url, ann, [episode])).toEqual([]);
  });

  it('is for members only', async () => {
    await request(first.url).put(`/api/listening/positions/${newId()}`).send({ position: 1 }).expect(401);
    await request(first.url).get(`/api/listening/positions?episodeIds=${newId()}`).expect(401);
    await request(first.url).get('/api/listening/continue').expect(401);
  });

  it("never shows one member another's places", async () => {
    const [ann, bob] = [await member(), await member()];
    const episode = newId();
    await save(first.url, ann, episode, { position: 77 }).expect(200);
    expect(await placesOf(first.url, bob, [episode])).toEqual([]);
  });
});

describe('queues', () => {
  const queueOf = (url: string, who: TestMember, userId = who.id) =>
    request(url).get(`/api/listening/queues/${userId}`).set(bearer(who));
  const putQueue = (url: string, who: TestMember, body: object, userId = who.id) =>
    request(url).put(`/api/listening/queues/${userId}`).set(bearer(who)).send(body);

  it('starts empty, saves whole, and reads back on the other instance', async () => {
    const ann = await member();
    expect((await queueOf(first.url, ann).expect(200)).body).toEqual({
      userId: ann.id,
      episodeIds: [],
      version: 0,
      updatedAt: null,
    });
    const episodes = [newId(), newId(), newId()];
    const saved = await putQueue(first.url, ann, { episodeIds: episodes, version: 0 }).expect(200);
    expect(saved.body).toMatchObject({ episodeIds: episodes, version: 1 });
    const reordered = [episodes[2], episodes[0], episodes[1]];
    await putQueue(second.url, ann, { episodeIds: reordered, version: 1 }).expect(200);
    expect((await queueOf(first.url, ann).expect(200)).body).toMatchObject({
      episodeIds: reordered,
      version: 2,
    });
  });

  it('refuses a save made from an older version (another device saved first): 409', async () => {
    const ann = await member();
    await putQueue(first.url, ann, { episodeIds: [newId()], version: 0 }).expect(200);
    const [laptop, phone] = await Promise.all([
      putQueue(first.url, ann, { episodeIds: [newId()], version: 1 }),
      putQueue(second.url, ann, { episodeIds: [newId(), newId()], version: 1 }),
    ]);
    expect([laptop.status, phone.status].sort()).toEqual([200, 409]);
    const late = await putQueue(first.url, ann, { episodeIds: [], version: 0 }).expect(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/another device/) });
    expect((await queueOf(second.url, ann).expect(200)).body.version).toBe(2);
  });

  it("answers 404 for another member's queue, to read or to write, admins included", async () => {
    const [ann, bob] = [await member(), await member()];
    const admin = await testMember(first.context.redis, 'admin');
    await putQueue(first.url, ann, { episodeIds: [newId()], version: 0 }).expect(200);
    for (const who of [bob, admin]) {
      const read = await queueOf(first.url, who, ann.id).expect(404);
      expect(read.body).toMatchObject({ code: 'NOT_FOUND' });
      await putQueue(first.url, who, { episodeIds: [], version: 1 }, ann.id).expect(404);
    }
    expect((await queueOf(first.url, ann).expect(200)).body.episodeIds).toHaveLength(1);
    await request(first.url).get(`/api/listening/queues/${ann.id}`).expect(401);
  });

  it('answers bad input with a 4xx and leaves the queue as it was', async () => {
    const ann = await member();
    const kept = [newId()];
    await putQueue(first.url, ann, { episodeIds: kept, version: 0 }).expect(200);
    await queueOf(first.url, ann, 'nope').expect(400);
    const notAnId = await putQueue(first.url, ann, { episodeIds: ['nope'], version: 1 }).expect(400);
    expect(notAnId.body).toMatchObject({ code: 'INVALID_ID' });
    const twice = newId();
    for (const body of [
      { episodeIds: [twice, twice], version: 1 },
      { episodeIds: Array.from({ length: QUEUE_MAX + 1 }, newId), version: 1 },
      { episodeIds: [], version: -1 },
      { episodeIds: [] },
      { episodeIds: 'all', version: 1 },
    ]) {
      const res = await putQueue(first.url, ann, body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
    }
    expect((await queueOf(first.url, ann).expect(200)).body).toMatchObject({ episodeIds: kept, version: 1 });
  });
});

describe('the store behind Redis', () => {
  it('writes a place once it has waited POSITION_STORE_AFTER_MS, the latest of its saves, once', async () => {
    const delayed = await startListening(
      loadConfig(
        listeningConfigSchema,
        testServiceEnv('listening', { POSITION_FLUSH_MS: '100', POSITION_STORE_AFTER_MS: '1500' }),
      ),
    );
    try {
      const ann = await testMember(delayed.context.redis, 'user');
      const episode = newId();
      for (const position of [15, 30, 45])
        await save(delayed.url, ann, episode, { position, duration: 600 }).expect(200);
      const places = delayed.context.db.collection('places');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await places.countDocuments({ userId: ann.id })).toBe(0);
      expect((await placesOf(delayed.url, ann, [episode]))[0]?.position).toBe(45);
      await eventually(
        'the place stored',
        async () => (await places.countDocuments({ userId: ann.id })) === 1,
      );
      expect(await places.findOne({ userId: ann.id })).toMatchObject({ episodeId: episode, position: 45 });
    } finally {
      await delayed.context.db.dropDatabase().catch(() => undefined);
      await delayed.stop();
    }
  });
});
