import request from 'supertest';
import { PAGE_LIMITS, pageSchema } from '@podz/proto';
import { bearer, ContentPlatform, type Member } from './support/content-harness';

let platform: ContentPlatform;
let editor: Member;
let admin: Member;
let plain: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await ContentPlatform.start();
  [editor, admin, plain] = await Promise.all([
    platform.member('editor'),
    platform.member('admin'),
    platform.member('user', ['user', 'owner']),
  ]);
});
afterAll(() => platform?.stop());

const page = (title: string, body = '<p>Hello</p>') => ({
  title,
  sections: [{ heading: 'Intro', body }],
});

describe('reading pages', () => {
  it.each(['home', 'about', 'advertise', 'contact'])('serves defaults for %s to anyone', async (slug) => {
    const res = await api().get(`/api/content/pages/${slug}`).expect(200);
    expect(pageSchema.parse(res.body)).toMatchObject({ slug, version: 0, updatedBy: null });
    expect(res.body.title.length).toBeGreaterThan(0);
    expect(res.body.sections.length).toBeGreaterThan(0);
    expect(res.body.featuredShows === null).toBe(slug !== 'home');
  });

  it('answers 400 for a page that does not exist', async () => {
    const res = await api().get('/api/content/pages/careers').expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringContaining('page must be one of'),
    });
  });
});

describe('editing pages', () => {
  it("publishes an editor's page, sanitized, on the public read", async () => {
    const body = '<p onclick="x()">Hi <a href="https://podz.example">us</a><script>alert(1)</script></p>';
    const saved = await api()
      .put('/api/content/pages/about')
      .set(bearer(editor.token))
      .send(page('About the network', body))
      .expect(200);
    expect(saved.body).toMatchObject({
      slug: 'about',
      title: 'About the network',
      version: 1,
      updatedBy: { id: editor.id, username: editor.username },
      featuredShows: null,
    });
    const html = saved.body.sections[0].body as string;
    expect(html).not.toMatch(/script|onclick/);
    expect(html).toContain('rel="noopener noreferrer nofollow"');

    const read = await api().get('/api/content/pages/about').expect(200);
    expect(read.body).toEqual(saved.body);
  });

  it('lets admins edit too, and nobody else', async () => {
    await api()
      .put('/api/content/pages/contact')
      .set(bearer(admin.token))
      .send(page('Write to us'))
      .expect(200);
    const denied = await api()
      .put('/api/content/pages/contact')
      .set(bearer(plain.token))
      .send(page('Hacked'))
      .expect(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    await api().put('/api/content/pages/contact').send(page('Hacked')).expect(401);
    await api().get('/api/content/pages/contact/versions').set(bearer(plain.token)).expect(403);
    expect((await api().get('/api/content/pages/contact').expect(200)).body.title).toBe('Write to us');
  });

  it('keeps the featured-shows choice to the home page', async () => {
    const picked = { mode: 'picked', podcastIds: ['64b7f0c2a1b2c3d4e5f60718'] };
    const home = await api()
      .put('/api/content/pages/home')
      .set(bearer(editor.token))
      .send({
        title: 'PODZ',
        hero: { heading: 'Listen', cta: { label: 'Shows', href: '/shows' } },
        featuredShows: picked,
      })
      .expect(200);
    expect(home.body.featuredShows).toEqual(picked);
    expect(home.body.hero).toEqual({
      heading: 'Listen',
      subheading: '',
      cta: { label: 'Shows', href: '/shows' },
    });

    const elsewhere = await api()
      .put('/api/content/pages/advertise')
      .set(bearer(editor.token))
      .send({ ...page('Ads'), featuredShows: picked })
      .expect(400);
    expect(elsewhere.body.error).toMatch(/only the home page/);
    const badId = await api()
      .put('/api/content/pages/home')
      .set(bearer(editor.token))
      .send({ title: 'PODZ', featuredShows: { mode: 'picked', podcastIds: ['nope'] } })
      .expect(400);
    expect(badId.body.code).toBe('INVALID_ID');
    const emptyPick = await api()
      .put('/api/content/pages/home')
      .set(bearer(editor.token))
      .send({ title: 'PODZ', featuredShows: { mode: 'picked' } })
      .expect(400);
    expect(emptyPick.body.error).toMatch(/at least one podcast/);
  });

  it('rejects malformed pages without touching the stored one', async () => {
    const before = (await api().get('/api/content/pages/about').expect(200)).body;
    const cases = [
      { title: '' },
      { title: 'x'.repeat(PAGE_LIMITS.title + 1) },
      { title: 'ok', sections: Array.from({ length: PAGE_LIMITS.sections + 1 }, () => ({ body: 'b' })) },
      { title: 'ok', sections: [{ body: 'x'.repeat(PAGE_LIMITS.body + 1) }] },
      { title: 'ok', hero: { heading: 'h', cta: { label: 'Go', href: 'javascript:alert(1)' } } },
      { title: 'ok', extra: true },
    ];
    for (const body of cases) {
      const res = await api()
        .put('/api/content/pages/about')
        .set(bearer(editor.token))
        .send(body)
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    expect((await api().get('/api/content/pages/about').expect(200)).body).toEqual(before);
  });

  it('refuses a save over a version the editor did not see', async () => {
    const current = (await api().get('/api/content/pages/about').expect(200)).body.version as number;
    await api()
      .put('/api/content/pages/about')
      .set(bearer(editor.token))
      .send({ ...page('Fresh'), expectedVersion: current })
      .expect(200);
    const stale = await api()
      .put('/api/content/pages/about')
      .set(bearer(admin.token))
      .send({ ...page('Stale'), expectedVersion: current })
      .expect(409);
    expect(stale.body.error).toMatch(/changed since you opened it/);
    expect((await api().get('/api/content/pages/about').expect(200)).body.title).toBe('Fresh');
  });

  it('lets two editors saving at once both land, one version each', async () => {
    const before = (await api().get('/api/content/pages/advertise').expect(200)).body.version as number;
    const saves = await Promise.all(
      [editor, admin, editor, admin].map((who, index) =>
        api()
          .put('/api/content/pages/advertise')
          .set(bearer(who.token))
          .send(page(`Ads ${index}`)),
      ),
    );
    expect(saves.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const versions = saves.map((res) => res.body.version as number).sort((a, b) => a - b);
    expect(versions).toEqual([before + 1, before + 2, before + 3, before + 4]);
  });
});

describe('versions', () => {
  it(`keeps the last ${PAGE_LIMITS.versionsKept}, newest first, and restores one as a new version`, async () => {
    for (let n = 1; n <= PAGE_LIMITS.versionsKept + 3; n++) {
      await api()
        .put('/api/content/pages/contact')
        .set(bearer(editor.token))
        .send(page(`Contact v${n}`))
        .expect(200);
    }
    const list = await api().get('/api/content/pages/contact/versions').set(bearer(editor.token)).expect(200);
    const items = list.body.items as { version: number; title: string }[];
    expect(items).toHaveLength(PAGE_LIMITS.versionsKept);
    const newest = items[0]!.version;
    expect(items.map((item) => item.version)).toEqual(
      Array.from({ length: PAGE_LIMITS.versionsKept }, (_, index) => newest - index),
    );

    const oldest = items.at(-1)!;
    const gone = await api()
      .post(`/api/content/pages/contact/versions/${oldest.version - 1}/restore`)
      .set(bearer(editor.token))
      .expect(404);
    expect(gone.body.error).toBe(`Version ${oldest.version - 1} of this page not found`);

    const restored = await api()
      .post(`/api/content/pages/contact/versions/${oldest.version}/restore`)
      .set(bearer(admin.token))
      .expect(200);
    expect(restored.body).toMatchObject({ version: newest + 1, title: oldest.title });
    expect((await api().get('/api/content/pages/contact').expect(200)).body.title).toBe(oldest.title);
    await api().post('/api/content/pages/contact/versions/x/restore').set(bearer(editor.token)).expect(400);
    await api().post('/api/content/pages/contact/versions/1/restore').set(bearer(plain.token)).expect(403);
  });
});
