import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

// The public lists live in Redis beside the store (src/data/catalog-lists.ts): these tests look at
// them directly, take them away, and leave stale entries in them, as a crash would.

let platform: CatalogPlatform;
let owner: Member;
let counter = 0;
const api = () => request(platform.url);
const redis = () => platform.catalog.context.redis;
const key = (list: string) => `catalog:${platform.catalog.context.db.name}:lists:${list}`;

const show = (name: string, fields: Record<string, unknown> = {}) =>
  platform.showBy(owner, { name, category: 'Science', ...fields });

const episode = (podcastId: string, fields: Record<string, unknown> = {}) =>
  platform.episodeBy(owner, { podcastId, title: `Lists episode ${(counter += 1)}`, ...fields });

const latestIds = async () =>
  ((await api().get('/api/episodes?limit=50').expect(200)).body.items as { id: string }[]).map((e) => e.id);

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  owner = await platform.member('owner');
});
afterAll(() => platform?.stop());

describe('public lists', () => {
  it('keeps the latest episodes in a sorted set: publishing, unpublishing and deleting move them', async () => {
    const science = await show(`Lists latest ${Date.now()}`);
    const older = await episode(science.id, { publishedAt: '2024-01-01T00:00:00.000Z' });
    const newer = await episode(science.id, { publishedAt: '2024-06-01T00:00:00.000Z' });
    const draft = await episode(science.id, { status: 'draft' });
    expect(await redis().zrevrange(key('episodes:latest'), 0, -1)).toEqual(
      expect.arrayContaining([`\x01${older.id}`, `\x01${newer.id}`]),
    );
    const ids = await latestIds();
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(draft.id);

    await api()
      .put(`/api/podcasts/${science.id}`)
      .set(bearer(owner.token))
      .send({ status: 'draft' })
      .expect(200);
    expect(await latestIds()).not.toContain(older.id);
    await api()
      .put(`/api/podcasts/${science.id}`)
      .set(bearer(owner.token))
      .send({ status: 'published' })
      .expect(200);
    expect(await latestIds()).toContain(older.id);

    await api().delete(`/api/episodes/${older.id}`).set(bearer(owner.token)).expect(204);
    expect(await latestIds()).not.toContain(older.id);
    const page = await api().get(`/api/episodes/podcast-episodes?podcastId=${science.id}`).expect(200);
    expect(page.body.items.map((e: { id: string }) => e.id)).toEqual([newer.id]);
    expect(page.body.total).toBe(1);
  });

  it('sorts shows by name, moves a renamed show and finds shows by the start of their name', async () => {
    const stamp = Date.now().toString(36);
    const zeta = await show(`Zz lists ${stamp} zeta`);
    const alpha = await show(`Zz lists ${stamp} alpha`);
    const names = async (query: string) =>
      (
        (await api().get(`/api/podcasts/all-podcasts?${query}`).expect(200)).body.items as { id: string }[]
      ).map((p) => p.id);
    expect(await names(`search=zz lists ${stamp}`)).toEqual([alpha.id, zeta.id]);
    await api()
      .put(`/api/podcasts/${alpha.id}`)
      .set(bearer(owner.token))
      .send({ name: `Zz lists ${stamp} zzz` })
      .expect(200);
    expect(await names(`search=zz lists ${stamp}`)).toEqual([zeta.id, alpha.id]);
    expect(await names(`search=lists ${stamp}`)).toEqual([]);
    expect(await names(`category=Science&search=zz lists ${stamp}`)).toHaveLength(2);
  });

  it('rebuilds lists Redis lost from the store, answering from the store meanwhile', async () => {
    const podcast = await show(`Lists rebuilt ${Date.now()}`);
    const kept = await episode(podcast.id);
    const lost = await redis().keys(key('*'));
    expect(lost.length).toBeGreaterThan(0);
    await redis().del(...lost);

    expect(await latestIds()).toContain(kept.id);
    await eventually('the rebuild', async () => (await redis().exists(key('built:episodes:latest'))) === 1);
    expect(await redis().zscore(key('episodes:latest'), `\x01${kept.id}`)).not.toBeNull();
    const page = await api().get(`/api/episodes/podcast-episodes?podcastId=${podcast.id}`).expect(200);
    expect(page.body.items.map((e: { id: string }) => e.id)).toEqual([kept.id]);
    expect(await redis().zscore(key(`episodes:show:${podcast.id}`), `\x01${kept.id}`)).not.toBeNull();
  });

  it('never shows an entry the store no longer admits, and takes it out', async () => {
    const podcast = await show(`Lists stale ${Date.now()}`);
    const draft = await episode(podcast.id, { status: 'draft' });
    // As if a crash had left the draft in the public list.
    await redis().zadd(key('episodes:latest'), Date.now() - 1000, `\x01${draft.id}`);
    expect(await latestIds()).not.toContain(draft.id);
    await eventually(
      'the stale entry to go',
      async () => (await redis().zscore(key('episodes:latest'), `\x01${draft.id}`)) === null,
    );
  });

  it('answers featured and unfeatured shows by category and name, and every status to admins, from lists', async () => {
    const admin = await platform.member('admin');
    const stamp = Date.now().toString(36);
    const featured = await show(`Zz mix ${stamp} featured`, { category: 'History' });
    const plain = await show(`Zz mix ${stamp} plain`, { category: 'History' });
    const draft = await show(`Zz mix ${stamp} draft`, { category: 'History', status: 'draft' });
    await api()
      .put(`/api/podcasts/${featured.id}`)
      .set(bearer(admin.token))
      .send({ featured: true })
      .expect(200);
    const ids = async (query: string) =>
      (
        (await api().get(`/api/podcasts/all-podcasts?limit=100&${query}`).expect(200)).body.items as {
          id: string;
        }[]
      ).map((p) => p.id);
    expect(await ids(`featured=false&search=zz mix ${stamp}`)).toEqual([plain.id]);
    expect(await ids(`featured=true&search=zz mix ${stamp}`)).toEqual([featured.id]);
    expect(await ids(`featured=true&category=History&search=zz mix ${stamp}`)).toEqual([featured.id]);
    expect(await ids('featured=true&category=History')).toContain(featured.id);
    expect(await ids('featured=true&category=Science')).not.toContain(featured.id);
    expect(await ids('featured=false&category=History')).toContain(plain.id);
    expect(await ids('featured=false&category=History')).not.toContain(featured.id);
    expect(
      await redis().zscore(key('podcasts:unfeatured:History'), `zz mix ${stamp} plain\x01${plain.id}`),
    ).toBe('0');

    const managed = async (query: string) =>
      (
        (
          await api()
            .post(`/api/podcasts/all-podcasts?limit=100&${query}`)
            .set(bearer(admin.token))
            .expect(200)
        ).body.items as { id: string }[]
      ).map((p) => p.id);
    expect((await managed('')).slice(0, 3)).toEqual([draft.id, plain.id, featured.id]);
    expect(await managed('status=draft')).toContain(draft.id);
    expect(await managed('status=published')).not.toContain(draft.id);
    // As if a crash had left the show in the wrong status's list: the reader leaves it out.
    await redis().zadd(key('podcasts:managed:archived'), Date.now(), `zz mix ${stamp} draft\x01${draft.id}`);
    expect(await managed('status=archived')).not.toContain(draft.id);

    // The console's filters: category and status, a name prefix (by name), one owner's shows.
    expect(await managed('category=History&status=draft')).toEqual(expect.arrayContaining([draft.id]));
    expect(await managed('category=Science')).not.toContain(draft.id);
    expect(await managed(`search=ZZ MIX ${stamp}`)).toEqual([draft.id, featured.id, plain.id]);
    expect(await managed(`search=zz mix ${stamp}&status=draft&category=History`)).toEqual([draft.id]);
    expect(await managed(`search=zz mix ${stamp}&category=Science`)).toEqual([]);
    expect((await managed(`ownerId=${owner.id}`)).slice(0, 3)).toEqual([draft.id, plain.id, featured.id]);
    const mixed = await api()
      .post(`/api/podcasts/all-podcasts?ownerId=${owner.id}&status=draft`)
      .set(bearer(admin.token))
      .expect(400);
    expect(mixed.body.error).toMatch(/ownerId lists one owner's shows/);
    await api().delete(`/api/podcasts/${draft.id}`).set(bearer(admin.token)).expect(204);
    expect(await managed('')).not.toContain(draft.id);
    expect(await managed(`search=zz mix ${stamp}`)).toEqual([featured.id, plain.id]);
    expect(await managed(`ownerId=${owner.id}`)).not.toContain(draft.id);
  });
});
