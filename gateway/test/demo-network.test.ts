import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { ADMIN } from '../../services/identity/test/support/identity-harness';
import { catalogConfigSchema } from '../../services/catalog/src/config';
import { startCatalog } from '../../services/catalog/src/catalog-service';
import { startMediaBeside, type TestMedia } from '../../services/catalog/test/support/media-beside';
import { seedDemoNetwork, signIn } from '../../scripts/demo/seed-demo-network';
import { demoNetworkAtStart } from '../../scripts/demo/demo-at-start';
import { DEMO_SHOWS } from '../../scripts/demo/network-data';
import { startIdentityPlatform, type IdentityPlatform } from './support/identity-platform';

/** The demo network `npm start` seeds, built through the real services and read through the gateway. */
let platform: IdentityPlatform;
let catalog: Awaited<ReturnType<typeof startCatalog>>;
let media: TestMedia;

beforeAll(async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'podz-demo-media-'));
  const env = testServiceEnv('catalog');
  media = await startMediaBeside(env.MONGO_DB ?? '', { MEDIA_DIR: folder });
  catalog = await startCatalog(loadConfig(catalogConfigSchema, { ...env, MEDIA_URL: media.url }));
  platform = await startIdentityPlatform({ CATALOG_URL: catalog.url, MEDIA_URL: media.url });
});
afterAll(async () => {
  await platform?.stop();
  for (const service of [catalog, media]) {
    await service?.context.db.dropDatabase().catch(() => undefined);
    await service?.stop();
  }
});

describe('the demo network', () => {
  it('seeds 12 shows over 8 categories and 120 playable episodes, once', async () => {
    const options = {
      identityUrl: platform.identity.url,
      catalogUrl: catalog.url,
      mediaUrl: media.url,
      admin: { username: ADMIN.username, password: ADMIN.password },
      password: 'demo network 1',
    };
    // A seeder whose password was changed is a line in the banner, not a platform that stops.
    const refused = await demoNetworkAtStart({
      ...options,
      admin: { ...options.admin, password: 'not-it-1' },
    });
    expect(refused).toMatch(/^demo network: admin could not sign in .*not seeded; PODZ runs without it/);
    expect(
      (await request(platform.gateway.url).get('/api/podcasts/all-podcasts?limit=1').expect(200)).body.total,
    ).toBe(0);

    const first = await seedDemoNetwork(options);
    expect(first).toMatchObject({ created: true, shows: 12 });

    const shows = await request(platform.gateway.url).get('/api/podcasts/all-podcasts?limit=100').expect(200);
    expect(shows.body.total).toBeGreaterThanOrEqual(12);
    expect(
      new Set(shows.body.items.map((show: { category: string }) => show.category)).size,
    ).toBeGreaterThanOrEqual(8);
    expect(
      shows.body.items.every((show: { logoPath: string }) => show.logoPath.startsWith('/media/images/')),
    ).toBe(true);
    const featured = await request(platform.gateway.url)
      .get('/api/podcasts/all-podcasts?featured=true')
      .expect(200);
    expect(featured.body.total).toBeGreaterThanOrEqual(3);

    const episodes = await request(platform.gateway.url).get('/api/episodes?page=1&limit=10').expect(200);
    expect(episodes.body.items).toHaveLength(10);
    expect(episodes.body.total).toBeGreaterThanOrEqual(120);
    const [latest] = episodes.body.items;
    expect(latest.audio.durationSeconds).toBeGreaterThan(5);
    const audio = await request(platform.gateway.url)
      .get(latest.audio.url)
      .set('range', 'bytes=0-43')
      .expect(206);
    expect(audio.body.subarray(0, 4).toString()).toBe('RIFF');

    // Identity grants host and guest from catalog's events, a moment after the seed.
    const count = async (userType: string) =>
      (await request(platform.gateway.url).get(`/api/users/user-count?userType=${userType}`).expect(200)).body
        .userCount;
    const deadline = Date.now() + 20_000;
    while ((await count('host')) < 8 || (await count('guest')) < 8) {
      if (Date.now() > deadline)
        throw new Error(`hosts ${await count('host')}, guests ${await count('guest')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const show = DEMO_SHOWS[0]!;
    const feed = await request(platform.gateway.url)
      .get(`/shows/${show.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/feed.xml`)
      .expect(200);
    expect(feed.text).toContain('<podcast:person');

    const again = await seedDemoNetwork(options);
    expect(again).toEqual({ created: false, shows: 12, episodes: first.episodes });

    // The admin changes their password in Settings: the next start still finds its network.
    const admin = await signIn(platform.identity.url, ADMIN.username, ADMIN.password);
    const found = await request(platform.identity.url)
      .get(`/api/users?search=${ADMIN.username}&limit=10`)
      .set('authorization', `Bearer ${admin.token}`)
      .expect(200);
    const adminId = found.body.items.find(
      (user: { username: string }) => user.username === ADMIN.username,
    ).id;
    await request(platform.identity.url)
      .patch(`/api/users/${adminId}`)
      .set('authorization', `Bearer ${admin.token}`)
      .send({ currentPassword: ADMIN.password, password: 'changed-in-settings-2' })
      .expect(200);
    expect(await demoNetworkAtStart(options)).toBe(
      `demo network: 12 shows, ${first.episodes} episodes (already there; PODZ_DEMO=off skips it)`,
    );
  }, 180_000); // 120 uploads and bcrypt sign-ins: ~50 s alone, more beside other suites on 2 cores
});
