import request from 'supertest';
import { Types } from 'mongoose';
import { readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { TOPICS } from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
let otherOwner: Member;
let plain: Member;
let admin: Member;

const api = () => request(platform.url);
let counter = 0;
const showName = (prefix = 'Show') => `${prefix} ${Date.now().toString(36)} ${(counter += 1)}`;

async function createShow(by: Member, fields: Record<string, unknown> = {}) {
  const res = await api()
    .post('/api/podcasts')
    .set(bearer(by.token))
    .send({ name: showName(), category: 'Science', ...fields })
    .expect(201);
  return res.body;
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, otherOwner, plain, admin] = await Promise.all([
    platform.member('owner'),
    platform.member('owner'),
    platform.member('user'),
    platform.member('admin'),
  ]);
});
afterAll(() => platform?.stop());

describe('creating shows', () => {
  it('lets owners create a show with a unique URL name, and nobody else', async () => {
    const name = showName('The Sky & Sea');
    const res = await api()
      .post('/api/podcasts')
      .set(bearer(owner.token))
      .send({ name, category: 'Science', description: '<p>Hi <script>alert(1)</script><b>there</b></p>' })
      .expect(201);
    expect(res.body).toMatchObject({
      name,
      uId: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      category: 'Science',
      status: 'published',
      featured: false,
      followerCount: 0,
      owner: { id: owner.id, username: owner.username },
      hosts: [],
      description: '<p>Hi <b>there</b></p>',
      logoPath: '/images/default-podcast.svg',
    });
    expect(res.body._id).toBe(res.body.id);
    expect(res.body.feedUrl).toBe(`/shows/${res.body.uId}/feed.xml`);

    const refused = await api()
      .post('/api/podcasts')
      .set(bearer(plain.token))
      .send({ name: showName(), category: 'Science' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    await api().post('/api/podcasts').send({ name: showName(), category: 'Science' }).expect(401);
  });

  it('refuses a taken name in any case with 409, and bad fields with 400', async () => {
    const show = await createShow(owner);
    const again = await api()
      .post('/api/podcasts')
      .set(bearer(otherOwner.token))
      .send({ name: show.name.toUpperCase(), category: 'Science' })
      .expect(409);
    expect(again.body.code).toBe('CONFLICT');
    for (const body of [
      { category: 'Science' },
      { name: '', category: 'Science' },
      { name: showName(), category: 'Cooking' },
      { name: { $ne: null }, category: 'Science' },
      { name: showName(), category: 'Science', owner: 'me' },
      { name: showName(), category: 'Science', hostIds: ['nope'] },
    ]) {
      const res = await api().post('/api/podcasts').set(bearer(owner.token)).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  it('gives each show its own URL name even when names differ only in punctuation', async () => {
    const base = showName('Same');
    const a = await createShow(owner, { name: `${base}!` });
    const b = await createShow(owner, { name: `${base}?` });
    expect(a.uId).not.toBe(b.uId);
    expect(b.uId).toBe(`${a.uId}-2`);
  });
});

describe('double submits', () => {
  it('creates one show per Idempotency-Key and answers a repeat with the same show', async () => {
    const name = showName('Once Only');
    const create = () =>
      api()
        .post('/api/podcasts')
        .set(bearer(owner.token))
        .set('idempotency-key', `create-${name.replace(/\W/g, '')}`)
        .send({ name, category: 'Science' });
    const first = await create().expect(201);
    const repeat = await create().expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body.id).toBe(first.body.id);
    const mine = await api().get('/api/podcasts?limit=100').set(bearer(owner.token)).expect(200);
    expect(mine.body.items.filter((show: { name: string }) => show.name === name)).toHaveLength(1);
  });
});

describe('reading shows', () => {
  it('finds a show by id and by URL name or name, and hides drafts from others', async () => {
    const show = await createShow(owner);
    expect((await api().get(`/api/podcasts/${show.id}`).expect(200)).body.name).toBe(show.name);
    expect((await api().get(`/api/podcasts/name/${show.uId}`).expect(200)).body.id).toBe(show.id);
    expect(
      (
        await api()
          .get(`/api/podcasts/name/${encodeURIComponent(show.name.toUpperCase())}`)
          .expect(200)
      ).body.id,
    ).toBe(show.id);
    const draft = await createShow(owner, { status: 'draft' });
    await api().get(`/api/podcasts/${draft.id}`).expect(404);
    await api().get(`/api/podcasts/${draft.id}`).set(bearer(plain.token)).expect(404);
    await api().get(`/api/podcasts/${draft.id}`).set(bearer(owner.token)).expect(200);
    await api().get(`/api/podcasts/${draft.id}`).set(bearer(admin.token)).expect(200);
  });

  it('answers a show page in one read: the show with the first page of episodes its caller may see', async () => {
    const show = await createShow(owner);
    const published = [];
    for (const title of ['First', 'Second'])
      published.push(await platform.episodeBy(owner, { podcastId: show.id, title }));
    const draft = await platform.episodeBy(owner, { podcastId: show.id, title: 'Draft', status: 'draft' });
    const ids = (page: { items: { id: string }[] }) => page.items.map((episode) => episode.id);
    for (const caller of [undefined, owner]) {
      const read = (path: string) => {
        const get = api().get(path);
        return (caller ? get.set(bearer(caller.token)) : get).expect(200);
      };
      const both = (await read(`/api/podcasts/name/${show.uId}?episodes=true`)).body;
      const separate = (await read(`/api/episodes/podcast-episodes?podcastId=${show.id}&page=1`)).body;
      const { episodes, ...podcast } = both;
      expect(podcast).toEqual((await read(`/api/podcasts/name/${show.uId}`)).body);
      expect(episodes).toEqual(separate);
      const expected = [...published, ...(caller ? [draft] : [])].map((episode) => episode.id);
      expect(ids(episodes).sort()).toEqual(expected.sort());
    }
    expect((await api().get(`/api/podcasts/name/${show.uId}`).expect(200)).body.episodes).toBeUndefined();
    const refused = await api().get(`/api/podcasts/name/${show.uId}?episodes=maybe`).expect(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
  });

  it("reads a visitor's show page beside the show its name last named, and keeps it only for that show", async () => {
    // Each write renews the cached answers, so every read below renders the page anew.
    const page = async (name: string) =>
      (
        await api()
          .get(`/api/podcasts/name/${encodeURIComponent(name)}?episodes=true`)
          .expect(200)
      ).body;
    const titles = (body: { episodes: { items: { title: string }[] } }) =>
      body.episodes.items.map((episode) => episode.title).sort();
    const name = showName('Guessed');
    const first = await createShow(owner, { name });
    await platform.episodeBy(owner, { podcastId: first.id, title: 'First one' });
    expect(titles(await page(name))).toEqual(['First one']);
    // Read again: this time the episodes are read beside the show (the process knows the name).
    await platform.episodeBy(owner, { podcastId: first.id, title: 'First two' });
    expect(titles(await page(name))).toEqual(['First one', 'First two']);

    // The name moves to another show: the page read for the show it named before is not kept.
    await api()
      .put(`/api/podcasts/${first.id}`)
      .set(bearer(owner.token))
      .send({ name: showName('Moved') })
      .expect(200);
    const second = await createShow(owner, { name });
    await platform.episodeBy(owner, { podcastId: second.id, title: 'Second one' });
    const moved = await page(name);
    expect(moved.id).toBe(second.id);
    expect(titles(moved)).toEqual(['Second one']);
  });

  it('answers malformed ids with 400 and unknown ones with 404', async () => {
    const bad = await api().get('/api/podcasts/not-an-id').expect(400);
    expect(bad.body.code).toBe('INVALID_ID');
    await api().get('/api/podcasts/64b7f0c2a1b2c3d4e5f60718').expect(404);
    await api().get('/api/podcasts/public?userId=123').expect(400);
    await api().put('/api/podcasts/xyz').set(bearer(owner.token)).send({}).expect(400);
  });

  it('pages lists with page, limit, total and totalPages, and bounds the limit', async () => {
    const mine = await platform.member('owner');
    for (let i = 0; i < 3; i += 1) await createShow(mine);
    await createShow(mine, { status: 'draft' });
    const first = await api().get(`/api/podcasts/public?userId=${mine.id}&limit=2`).expect(200);
    expect(first.body).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.body.items).toHaveLength(2);
    const second = await api().get(`/api/podcasts/public?userId=${mine.id}&limit=2&page=2`).expect(200);
    expect(second.body.items).toHaveLength(1);
    const past = await api().get(`/api/podcasts/public?userId=${mine.id}&limit=2&page=9`).expect(200);
    expect(past.body).toMatchObject({ items: [], page: 9, total: 3, totalPages: 2 });
    await api().get(`/api/podcasts/public?userId=${mine.id}&limit=0`).expect(400);
    await api().get(`/api/podcasts/public?userId=${mine.id}&limit=101`).expect(400);
    await api().get(`/api/podcasts/public?userId=${mine.id}&page=0`).expect(400);
    // Their own list holds the draft too.
    const own = await api().get('/api/podcasts').set(bearer(mine.token)).expect(200);
    expect(own.body.total).toBe(4);
    await api().get('/api/podcasts').expect(401);
  });

  it('lists published shows for everyone, featured ones on request, and every show for admins', async () => {
    const show = await createShow(owner);
    await createShow(owner, { status: 'archived' });
    await api().put(`/api/podcasts/${show.id}`).set(bearer(owner.token)).send({ featured: true }).expect(403);
    await api().put(`/api/podcasts/${show.id}`).set(bearer(admin.token)).send({ featured: true }).expect(200);
    const featured = await api().get('/api/podcasts/all-podcasts?featured=true&limit=100').expect(200);
    expect(featured.body.items.map((p: { id: string }) => p.id)).toContain(show.id);
    expect(
      featured.body.items.every(
        (p: { featured: boolean; status: string }) => p.featured && p.status === 'published',
      ),
    ).toBe(true);
    const limited = await api().get('/api/podcasts/all-podcasts?limit=2').expect(200);
    expect(limited.body.items).toHaveLength(2);
    await api().get('/api/podcasts/all-podcasts?featured=maybe').expect(400);

    await api().post('/api/podcasts/all-podcasts').set(bearer(owner.token)).expect(403);
    const managed = await api()
      .post('/api/podcasts/all-podcasts?limit=100')
      .set(bearer(admin.token))
      .expect(200);
    expect(managed.body.items.some((p: { status: string }) => p.status === 'archived')).toBe(true);
  });
});

describe('changing and deleting shows', () => {
  it('lets the owner or an admin change a show, and nobody else', async () => {
    const show = await createShow(owner);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(otherOwner.token))
      .send({ description: 'x' })
      .expect(403);
    const edited = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ description: 'New words', category: 'History' })
      .expect(200);
    expect(edited.body).toMatchObject({ description: 'New words', category: 'History', uId: show.uId });
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(admin.token))
      .send({ status: 'draft' })
      .expect(200);
    await api().put(`/api/podcasts/${show.id}`).set(bearer(owner.token)).send({ nope: 1 }).expect(400);
  });

  it('deletes a show with its follows, for its owner or an admin only', async () => {
    const show = await createShow(owner);
    await api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(plain.token)).expect(200);
    await api().delete(`/api/podcasts/${show.id}`).set(bearer(otherOwner.token)).expect(403);
    await api().delete(`/api/podcasts/${show.id}`).set(bearer(owner.token)).expect(204);
    await api().get(`/api/podcasts/${show.id}`).expect(404);
    await api().delete(`/api/podcasts/${show.id}`).set(bearer(owner.token)).expect(404);
    const followed = await api().get('/api/podcasts/followed?limit=100').set(bearer(plain.token)).expect(200);
    expect(followed.body.items.map((p: { id: string }) => p.id)).not.toContain(show.id);
    expect(
      await platform.catalog.context.db.collection('follows').countDocuments({ podcastId: show.id }),
    ).toBe(0);
    // Its name is free again.
    await createShow(owner, { name: show.name });
  });
});

describe('following', () => {
  it('is idempotent both ways and keeps the follower count exact', async () => {
    const show = await createShow(owner);
    const follow = () => api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(plain.token));
    expect((await follow().expect(200)).body).toEqual({ following: true, followerCount: 1 });
    expect((await follow().expect(200)).body).toEqual({ following: true, followerCount: 1 });
    await api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(otherOwner.token)).expect(200);
    expect(
      (await api().get(`/api/podcasts/${show.id}/follow`).set(bearer(plain.token)).expect(200)).body,
    ).toEqual({
      following: true,
      followerCount: 2,
    });
    expect(
      (await api().get(`/api/podcasts/followed/${show.id}`).set(bearer(plain.token)).expect(200)).body.id,
    ).toBe(show.id);
    const unfollow = () =>
      api().patch(`/api/podcasts/${show.id}/follow?unfollow=true`).set(bearer(plain.token));
    expect((await unfollow().expect(200)).body).toEqual({ following: false, followerCount: 1 });
    expect((await unfollow().expect(200)).body).toEqual({ following: false, followerCount: 1 });
    await api().get(`/api/podcasts/followed/${show.id}`).set(bearer(plain.token)).expect(404);
    await api().patch(`/api/podcasts/${show.id}/follow`).expect(401);
    await api().patch('/api/podcasts/64b7f0c2a1b2c3d4e5f60718/follow').set(bearer(plain.token)).expect(404);
  });

  it('counts right under a burst of concurrent follows', async () => {
    const show = await createShow(owner);
    const fans = await Promise.all(Array.from({ length: 6 }, () => platform.member('user')));
    await Promise.all(
      fans.flatMap((fan) =>
        [1, 2].map(() => api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(fan.token))),
      ),
    );
    expect((await api().get(`/api/podcasts/${show.id}`).expect(200)).body.followerCount).toBe(6);
    // Each event carries the count its own write left, not one read before it.
    const followed = await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.catalogPodcast), {
      until: (seen) => followCounts(seen, show.id).length >= 6,
      timeoutMs: 20_000,
    });
    expect(followCounts(followed, show.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('counts a follow whose process died after writing its row, when the member asks again', async () => {
    const show = await createShow(owner);
    const fan = await platform.member('user');
    const follows = platform.catalog.context.db.collection('follows');
    // What a crash right after the row's write leaves: the row, and a count that never moved.
    await follows.insertOne({ userId: fan.id, podcastId: show.id, following: true, counted: false });
    const follow = () => api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(fan.token));
    expect((await follow().expect(200)).body).toEqual({ following: true, followerCount: 1 });
    expect((await follow().expect(200)).body).toEqual({ following: true, followerCount: 1 });
  });

  it('counts a follow once when the process died after the count but before the row settled', async () => {
    const show = await createShow(owner);
    const fan = await platform.member('user');
    const opId = new Types.ObjectId().toHexString();
    const db = platform.catalog.context.db;
    await db.collection('follows').insertOne({
      userId: fan.id,
      podcastId: show.id,
      following: true,
      counted: false,
      opId,
    });
    await db.collection('podcasts').updateOne({ _id: new Types.ObjectId(show.id) }, {
      $inc: { followerCount: 1 },
      $push: { followOps: opId },
    } as never);
    const res = await api().patch(`/api/podcasts/${show.id}/follow`).set(bearer(fan.token)).expect(200);
    expect(res.body).toEqual({ following: true, followerCount: 1 });
    const stored = await db.collection('podcasts').findOne({ _id: new Types.ObjectId(show.id) });
    expect(stored).toMatchObject({ followerCount: 1, followOps: [] });
    expect(await db.collection('follows').findOne({ userId: fan.id })).toMatchObject({
      counted: true,
      opId: null,
    });
  });
});

function followCounts(messages: { key: string | null; value: string | null }[], podcastId: string): number[] {
  return messages
    .map(
      (message) =>
        JSON.parse(message.value ?? '{}') as {
          type: string;
          data: { podcastId: string; followerCount: number };
        },
    )
    .filter((event) => event.type === 'podz.catalog.podcast.followed' && event.data.podcastId === podcastId)
    .map((event) => event.data.followerCount);
}

describe('hosts', () => {
  it('invites hosts, lets only the invited answer, and lists confirmed hosts publicly', async () => {
    const host = await platform.member('user');
    const stranger = await platform.member('user');
    const show = await createShow(owner, { hostIds: [host.id] });
    expect(show.hosts).toEqual([{ user: expect.objectContaining({ id: host.id }), confirmed: false }]);
    const invitations = await api().get('/api/podcasts/host-podcasts').set(bearer(host.token)).expect(200);
    expect(invitations.body.items).toEqual([expect.objectContaining({ id: show.id, confirmed: false })]);
    expect(
      (await api().get(`/api/podcasts/public/host-podcasts?userId=${host.id}`).expect(200)).body.total,
    ).toBe(0);

    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(stranger.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(404);
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'maybe' })
      .expect(400);
    const confirmed = await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    expect(confirmed.body.hosts).toEqual([
      { user: expect.objectContaining({ id: host.id }), confirmed: true },
    ]);
    expect(
      (await api().get(`/api/podcasts/public/host-podcasts?userId=${host.id}`).expect(200)).body.total,
    ).toBe(1);

    await api()
      .patch('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id })
      .expect(200);
    expect((await api().get(`/api/podcasts/${show.id}`).expect(200)).body.hosts).toEqual([]);
    await api()
      .patch('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id })
      .expect(404);
  });

  it('removes a declined invitation, and refuses hosts that do not exist', async () => {
    const host = await platform.member('user');
    const show = await createShow(owner, { hostIds: [host.id] });
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'declined' })
      .expect(200);
    expect((await api().get(`/api/podcasts/${show.id}`).expect(200)).body.hosts).toEqual([]);
    const res = await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ hostIds: ['64b7f0c2a1b2c3d4e5f60718'] })
      .expect(400);
    expect(res.body.error).toMatch(/do not exist/);
  });
});
