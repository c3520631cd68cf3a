import request from 'supertest';
import { CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  owner = await platform.member('owner');
});
afterAll(() => platform?.stop());

describe('oEmbed', () => {
  it('turns a link to a public episode into the embeddable player, with its start time and a size that fits', async () => {
    const show = await platform.showBy(owner, {
      name: `Embeddable ${Date.now().toString(36)}`,
      category: 'Arts',
    });
    const episode = await platform.episodeBy(owner, { podcastId: show.id, title: 'Worth "sharing" & more' });
    const url = `http://podz.test/shows/${show.uId}/${episode.id}?t=1m30s`;
    const res = await api().get('/oembed').query({ url, format: 'json', maxwidth: 400 }).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'PODZ',
      provider_url: 'http://podz.test',
      title: 'Worth "sharing" & more',
      author_name: expect.stringMatching(/^Embeddable /),
      author_url: `http://podz.test/shows/${show.uId}`,
      html: `<iframe src="http://podz.test/embed/episodes/${episode.id}?t=1m30s" width="400" height="200" title="Worth &quot;sharing&quot; &amp; more on PODZ" frameborder="0" loading="lazy" allow="autoplay"></iframe>`,
      width: 400,
      height: 200,
      thumbnail_url: expect.stringMatching(/^http:\/\/podz\.test\//),
      cache_age: 3600,
    });
    const forShow = await api()
      .get('/oembed')
      .query({ url: `http://podz.test/shows/${show.uId}` })
      .expect(200);
    expect(forShow.body).toMatchObject({
      title: expect.stringMatching(/^Embeddable /),
      width: 600,
      height: 400,
    });
    expect(forShow.body.html).toContain(`src="http://podz.test/embed/shows/${show.uId}"`);
  });

  it('knows nothing of other sites, drafts or other pages (404), and wants a url and JSON (400)', async () => {
    const show = await platform.showBy(owner, {
      name: `Hidden ${Date.now().toString(36)}`,
      category: 'Arts',
    });
    const draft = await platform.episodeBy(owner, { podcastId: show.id, title: 'Not yet', status: 'draft' });
    for (const url of [
      `https://elsewhere.example/shows/${show.uId}/${draft.id}`,
      `http://podz.test/shows/${show.uId}/${draft.id}`,
      'http://podz.test/pricing',
      'http://podz.test/shows/no-such-show',
      'not a url',
      'http://podz.test/shows/%E0%A4%A',
    ]) {
      const res = await api().get('/oembed').query({ url }).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const xml = await api()
      .get('/oembed')
      .query({ url: `http://podz.test/shows/${show.uId}`, format: 'xml' })
      .expect(400);
    expect(xml.body.error).toMatch(/json/);
    await api().get('/oembed').expect(400);
  });
});
