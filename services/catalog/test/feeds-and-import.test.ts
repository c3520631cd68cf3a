import { createServer, type Server } from 'node:http';
import { parseFeed } from 'podcast-partytime';
import request from 'supertest';
import { listen } from '@podz/kit';
import { wavTone } from '../../media/src/uploads/generate-media';
import { fetchFeed, isPrivateAddress } from '../src/rss/fetch-feed';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';

let platform: CatalogPlatform;
let owner: Member;
let host: Member;
let guest: Member;
let feeds: { server: Server; url: string; bodies: Map<string, string> };
const api = () => request(platform.url);

/** A feed server on loopback, standing in for someone else's podcast host. */
async function startFeedServer() {
  const bodies = new Map<string, string>();
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
  });
  const port = await listen(server, 0);
  return { server, url: `http://127.0.0.1:${port}`, bodies };
}

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, host, guest] = await Promise.all([
    platform.member('owner'),
    platform.member('user'),
    platform.member('user'),
  ]);
  feeds = await startFeedServer();
});
afterAll(async () => {
  await new Promise((resolve) => feeds?.server.close(resolve));
  await platform?.stop();
});

describe('the RSS feed of a show', () => {
  it('round-trips through a real podcast feed parser, with hosts and guests as podcast:person', async () => {
    const show = (
      await api()
        .post('/api/podcasts')
        .set(bearer(owner.token))
        .send({
          name: `Feed show ${Date.now().toString(36)}`,
          category: 'Science',
          description: 'All about feeds',
          hostIds: [host.id],
        })
        .expect(201)
    ).body;
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    const audio = (
      await api()
        .post('/api/media/audio')
        .set(bearer(owner.token))
        .attach('file', wavTone({ seconds: 2, notes: [330] }), 'a.wav')
        .expect(201)
    ).body;
    const episode = (
      await api()
        .post('/api/episodes')
        .set(bearer(owner.token))
        .send({
          podcastId: show.id,
          title: 'Rock & roll <3 "live"',
          audioId: audio.id,
          season: 2,
          episode: 7,
          guestIds: [guest.id],
          publishedAt: '2026-11-01T10:00:00.000Z',
        })
        .expect(201)
    ).body;

    const res = await api().get(`/shows/${show.uId}/feed.xml`).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const feed = parseFeed(res.text)!;
    expect(feed).toBeTruthy();
    expect(feed.title).toBe(show.name);
    expect(feed.link).toBe(`http://podz.test/shows/${show.uId}`);
    expect(feed.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(feed.podcastPeople).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: host.username, role: 'Host', group: 'Cast' })]),
    );
    const [item] = feed.items;
    expect(item).toMatchObject({
      title: 'Rock & roll <3 "live"',
      guid: episode.id,
      enclosure: { url: `http://podz.test${audio.url}`, length: audio.bytes, type: 'audio/wav' },
      duration: 2,
      itunesSeason: 2,
      itunesEpisode: 7,
    });
    expect(item!.pubDate?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(item!.podcastPeople).toEqual([expect.objectContaining({ name: guest.username, role: 'Guest' })]);

    const etag = res.headers.etag as string;
    await api().get(`/shows/${show.uId}/feed.xml`).set('if-none-match', etag).expect(304);
    await api()
      .get(`/shows/${show.uId}/feed.xml`)
      .set('if-modified-since', res.headers['last-modified'] as string)
      .expect(304);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ status: 'draft' })
      .expect(200);
    await api().get(`/shows/${show.uId}/feed.xml`).expect(404);
  });
});

describe('importing a show from its feed', () => {
  it('creates the show and its episodes from a feed on loopback', async () => {
    const name = `Imported ${Date.now().toString(36)}`;
    feeds.bodies.set(
      '/good.xml',
      `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
      <title>${name}</title><link>https://example.org</link><description>From elsewhere</description><language>en</language>
      <podcast:guid>C2E4A0F2-1B0C-5D5E-8F1A-2B3C4D5E6F70</podcast:guid>
      <itunes:image href="https://example.org/cover.png"/><itunes:explicit>false</itunes:explicit>
      <item><title>One</title><guid>one</guid><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate><enclosure url="https://example.org/1.mp3" length="1000" type="audio/mpeg"/><itunes:duration>61</itunes:duration></item>
      <item><title>Two</title><guid>two</guid><pubDate>Mon, 09 Nov 2026 10:00:00 GMT</pubDate><enclosure url="https://example.org/2.mp3" length="2000" type="audio/mpeg"/><itunes:duration>00:02:02</itunes:duration></item>
      </channel></rss>`,
    );
    const res = await api()
      .post('/api/podcasts/rss-link')
      .set(bearer(owner.token))
      .send({ url: `${feeds.url}/good.xml`, category: 'Arts' })
      .expect(201);
    expect(res.body).toMatchObject({
      episodesImported: 2,
      podcast: { name, category: 'Arts', sourceFeedUrl: `${feeds.url}/good.xml`, owner: { id: owner.id } },
    });
    // The show keeps its podcast:guid from the host it left, as the namespace asks.
    expect(res.body.podcast.feedGuid).toBe('c2e4a0f2-1b0c-5d5e-8f1a-2b3c4d5e6f70');
    const feed = await api().get(`/shows/${res.body.podcast.uId}/feed.xml`).expect(200);
    expect(parseFeed(feed.text)!.guid).toBe('c2e4a0f2-1b0c-5d5e-8f1a-2b3c4d5e6f70');
    const episodes = await api()
      .get(`/api/episodes/podcast-episodes?podcastId=${res.body.podcast.id}`)
      .expect(200);
    expect(
      episodes.body.items.map((e: { title: string; audio: { durationSeconds: number } }) => [
        e.title,
        e.audio.durationSeconds,
      ]),
    ).toEqual([
      ['Two', 122],
      ['One', 61],
    ]);
    await api()
      .post('/api/podcasts/rss-link')
      .set(bearer(host.token))
      .send({ url: `${feeds.url}/good.xml` })
      .expect(403);
    await api()
      .post('/api/podcasts/rss-link')
      .set(bearer(owner.token))
      .send({ url: `${feeds.url}/good.xml` })
      .expect(409);
  });

  it('fails cleanly on a malformed or missing feed and writes nothing', async () => {
    const before = await platform.catalog.context.db.collection('podcasts').countDocuments();
    feeds.bodies.set('/broken.xml', '<rss><channel><title>Broken</title><item><title>x</ti');
    feeds.bodies.set('/html.xml', '<html><body>Not a feed</body></html>');
    for (const path of ['/broken.xml', '/html.xml', '/missing.xml']) {
      const res = await api()
        .post('/api/podcasts/rss-link')
        .set(bearer(owner.token))
        .send({ url: `${feeds.url}${path}` });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(res.body.error).toMatch(/feed/i);
    }
    await api()
      .post('/api/podcasts/rss-link')
      .set(bearer(owner.token))
      .send({ url: 'ftp://example.org/feed' })
      .expect(400);
    expect(await platform.catalog.context.db.collection('podcasts').countDocuments()).toBe(before);
  });

  it('refuses private addresses unless configured to allow them, also behind a name or a redirect', async () => {
    const strict = { allowPrivate: false, timeoutMs: 5000, maxBytes: 1024 * 1024 };
    for (const url of [
      `${feeds.url}/good.xml`,
      'http://localhost:1/feed.xml',
      'http://[::1]:1/feed.xml',
      'http://169.254.169.254/latest',
    ]) {
      await expect(fetchFeed(url, strict)).rejects.toThrow(/private network/);
    }
    feeds.bodies.set('/hop', '');
    const redirecting = createServer((_req, res) =>
      res.writeHead(302, { location: `${feeds.url}/good.xml` }).end(),
    );
    const port = await listen(redirecting, 0);
    try {
      // The first hop is allowed here only to reach the redirect; the second is checked again.
      await expect(
        fetchFeed(`http://127.0.0.1:${port}/`, { ...strict, allowPrivate: true, maxRedirects: 0 }),
      ).rejects.toThrow(/redirects too many/);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    await expect(
      fetchFeed(`${feeds.url}/good.xml`, { ...strict, allowPrivate: true, maxBytes: 100 }),
    ).rejects.toThrow(/larger than/);
  });
});
