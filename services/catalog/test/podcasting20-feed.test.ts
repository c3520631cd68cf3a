import { parseFeed } from 'podcast-partytime';
import request from 'supertest';
import { podcastGuid } from '../src/rss/podcast-guid';
import { bearer, CatalogPlatform, type Member } from './support/catalog-harness';
import { namespaceProblems } from './support/podcast-namespace-rules';

let platform: CatalogPlatform;
let owner: Member;
let host: Member;
const api = () => request(platform.url);
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

beforeAll(async () => {
  platform = await CatalogPlatform.start();
  [owner, host] = await Promise.all([platform.member('owner'), platform.member('user')]);
});
afterAll(() => platform?.stop());

const FEED = {
  funding: [{ url: 'https://example.org/support', title: 'Buy us a coffee' }],
  license: { identifier: 'cc-by-4.0' },
  location: { name: 'Lisbon, Portugal', geo: 'geo:38.7223,-9.1393', osm: 'R5400890' },
  medium: 'podcast',
  txt: [{ value: 'apple-verify-1234', purpose: 'applepodcastsverify' }],
  updateFrequency: { label: 'Every Monday', rrule: 'FREQ=WEEKLY;BYDAY=MO' },
  ownerEmail: 'owner@example.org',
  seasonNames: { '1': 'Beginnings' },
};

describe('a feed with the Podcasting 2.0 tags', () => {
  it('carries every tag its owner set, each read back by a real parser and within the namespace rules', async () => {
    const other = await platform.showBy(owner, { name: `Sister show ${unique()}`, category: 'Arts' });
    const show = await platform.showBy<{ id: string; uId: string; feedGuid: string; feed: unknown }>(owner, {
      name: `Tagged ${unique()}`,
      category: 'Science',
      hostIds: [host.id],
      feed: FEED,
    });
    expect(show.feedGuid).toBe(podcastGuid(`http://podz.test/shows/${show.uId}/feed.xml`));
    expect(show.feed).toMatchObject({ ...FEED, podroll: [], locked: true, newFeedUrl: null });
    await api()
      .put('/api/podcasts/host-podcasts')
      .set(bearer(host.token))
      .send({ podcastId: show.id, status: 'confirmed' })
      .expect(200);
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ feed: { podroll: [other.id] } })
      .expect(200);

    const episode = await platform.episodeBy(owner, {
      podcastId: show.id,
      title: 'Second of the first',
      season: 1,
      episode: 2,
      episodeLabel: 'Part two',
      soundbites: [{ startTime: 0.25, duration: 1, title: 'The hook' }],
      publishedAt: '2026-11-02T10:00:00.000Z',
    });
    await api()
      .put(`/api/episodes/${episode.id}/chapters`)
      .set(bearer(owner.token))
      .send({ chapters: [{ startTime: 0, title: 'Start' }] })
      .expect(200);
    await api()
      .put(`/api/episodes/${episode.id}/transcript`)
      .set(bearer(owner.token))
      .set('content-type', 'text/vtt')
      .send('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n')
      .expect(200);
    // The episode's answer carries the show's funding links: its page asks for no show.
    const answered = await api().get(`/api/episodes/${episode.id}`).expect(200);
    expect(answered.body.show.funding).toEqual(FEED.funding);
    const trailer = await platform.episodeBy(owner, {
      podcastId: show.id,
      title: 'What is coming',
      episodeType: 'trailer',
      season: 1,
      publishedAt: '2026-11-01T10:00:00.000Z',
    });

    const xml = (await api().get(`/shows/${show.uId}/feed.xml`).expect(200)).text;
    expect(namespaceProblems(xml)).toEqual([]);
    const feed = parseFeed(xml)!;
    expect(feed).toMatchObject({
      guid: show.feedGuid,
      locked: true,
      podcastOwner: 'owner@example.org',
      owner: { email: 'owner@example.org' },
      medium: 'podcast',
      podcastFunding: [{ url: 'https://example.org/support', message: 'Buy us a coffee' }],
      license: { identifier: 'cc-by-4.0' },
      podcastLocation: FEED.location,
      podcastTxt: [{ value: 'apple-verify-1234', purpose: 'applepodcastsverify' }],
      podroll: [
        {
          feedGuid: podcastGuid(`http://podz.test/shows/${other.uId}/feed.xml`),
          feedUrl: `http://podz.test/shows/${other.uId}/feed.xml`,
        },
      ],
      trailers: [{ title: 'What is coming', season: 1, type: 'audio/wav' }],
    });
    expect(xml).toContain(
      '<podcast:updateFrequency rrule="FREQ=WEEKLY;BYDAY=MO">Every Monday</podcast:updateFrequency>',
    );
    expect(feed.podcastPeople).toEqual([
      expect.objectContaining({
        name: host.username,
        role: 'Host',
        href: `http://podz.test/people/${host.username}`,
      }),
    ]);
    const item = feed.items.find((entry) => entry.guid === episode.id)!;
    expect(item).toMatchObject({
      itunesEpisodeType: 'full',
      podcastSeason: { number: 1, name: 'Beginnings' },
      podcastEpisode: { number: 2, display: 'Part two' },
      podcastSoundbites: [{ startTime: 0.25, duration: 1, title: 'The hook' }],
      podcastChapters: { type: 'application/json+chapters' },
    });
    expect(item.podcastTranscripts).toHaveLength(2);
    expect(feed.items.find((entry) => entry.guid === trailer.id)!.itunesEpisodeType).toBe('trailer');
  });

  it('points listeners at the network’s pricing page when the owner names no funding', async () => {
    const show = await platform.showBy(owner, { name: `Plain ${unique()}`, category: 'Arts' });
    const one = await platform.episodeBy(owner, { podcastId: show.id, title: 'One' });
    expect((await api().get(`/api/episodes/${one.id}`).expect(200)).body.show.funding).toEqual([]);
    const xml = (await api().get(`/shows/${show.uId}/feed.xml`).expect(200)).text;
    expect(parseFeed(xml)!.podcastFunding).toEqual([
      { url: 'http://podz.test/pricing', message: 'Support this show with a PODZ membership' },
    ]);
    expect(namespaceProblems(xml)).toEqual([]);
  });

  it('refuses settings outside the namespace’s rules, naming the field', async () => {
    const show = await platform.showBy<{ id: string }>(owner, {
      name: `Strict ${unique()}`,
      category: 'Arts',
    });
    const put = (feed: object) =>
      api().put(`/api/podcasts/${show.id}`).set(bearer(owner.token)).send({ feed });
    const cases: [object, string][] = [
      [{ medium: 'tv' }, 'body.feed.medium'],
      [{ funding: [{ url: 'https://x.org', title: 'x'.repeat(129) }] }, 'body.feed.funding.0.title'],
      [{ location: { name: 'Here', geo: '51.5,-0.1' } }, 'body.feed.location.geo'],
      [{ updateFrequency: { label: 'Often', rrule: 'EVERY DAY' } }, 'body.feed.updateFrequency.rrule'],
      [{ txt: [{ value: '' }] }, 'body.feed.txt.0.value'],
      [{ ownerEmail: 'not-an-email' }, 'body.feed.ownerEmail'],
      [{ podroll: [show.id] }, 'feed.podroll.0'],
      [{ podroll: ['64b7f0c2a1b2c3d4e5f60718'] }, 'feed.podroll.0'],
    ];
    for (const [feed, path] of cases) {
      const res = await put(feed).expect(400);
      expect(res.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    const audio = await platform.episodeBy(owner, { podcastId: show.id, title: 'Short' });
    const late = await api()
      .put(`/api/episodes/${audio.id}`)
      .set(bearer(owner.token))
      .send({ soundbites: [{ startTime: 0.8, duration: 1 }] })
      .expect(400);
    expect(late.body.details).toEqual([{ path: 'soundbites.0', message: 'ends after the audio does (1 s)' }]);
  });

  it('moves: the old feed answers 301 to the new one and says so in itunes:new-feed-url', async () => {
    const show = await platform.showBy(owner, { name: `Moving ${unique()}`, category: 'Arts' });
    await platform.episodeBy(owner, { podcastId: show.id, title: 'Last one here' });
    await api()
      .put(`/api/podcasts/${show.id}`)
      .set(bearer(owner.token))
      .send({ feed: { newFeedUrl: 'https://new-host.example/feed.xml' } })
      .expect(200);
    const res = await api().get(`/shows/${show.uId}/feed.xml`).redirects(0).expect(301);
    expect(res.headers.location).toBe('https://new-host.example/feed.xml');
    expect(parseFeed(res.text)!.itunesNewFeedUrl).toBe('https://new-host.example/feed.xml');
    // A second read comes from the response cache and moves the same way.
    await api().get(`/shows/${show.uId}/feed.xml`).redirects(0).expect(301);
  });
});
