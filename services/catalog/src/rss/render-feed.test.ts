import { parseFeed } from 'podcast-partytime';
import type { FeedEpisode, FeedShow } from './feed-types';
import { FeedImportError, parseImportedFeed } from './import-feed';
import { podcastGuid } from './podcast-guid';
import { renderFeed } from './render-feed';

const show: FeedShow = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  uId: 'sky-sea',
  name: 'Sky & Sea <3 "live"',
  description: '<p>Waves "and" weather</p>',
  imageUrl: 'https://podz.example/media/images/cover.png',
  category: 'Personal growth',
  language: 'pt-BR',
  explicit: true,
  ownerName: 'Maya',
  ownerEmail: 'maya@podz.example',
  locked: true,
  persons: [
    {
      name: 'Ada',
      role: 'host',
      group: 'cast',
      img: 'https://podz.example/a.png',
      href: 'https://podz.example/people',
    },
    { name: 'Rosa', role: 'producer', group: 'creative direction' },
  ],
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  guid: podcastGuid('https://podz.example/shows/sky-sea/feed.xml'),
  medium: 'podcast',
  funding: [{ url: 'https://podz.example/pricing', title: 'Support us & more' }],
  license: { identifier: 'cc-by-4.0' },
  location: { name: 'Lisbon, Portugal', geo: 'geo:38.7223,-9.1393', osm: 'R5400890' },
  txt: [{ value: 'podverify-123abc', purpose: 'verify' }],
  podroll: [
    {
      feedGuid: 'a8d3e2c0-0b6e-5f6c-9a8c-1f1d2b3c4d5e',
      feedUrl: 'https://podz.example/shows/other/feed.xml',
    },
  ],
  updateFrequency: { label: 'Every Monday', rrule: 'FREQ=WEEKLY;BYDAY=MO' },
  trailers: [
    {
      title: 'Coming soon',
      url: 'https://podz.example/media/audio/t.mp3',
      type: 'audio/mpeg',
      length: 4242,
      pubDate: new Date('2026-10-01T08:00:00Z'),
      season: 2,
    },
  ],
};

const episodes: FeedEpisode[] = [
  {
    id: '64b7f0c2a1b2c3d4e5f60720',
    title: 'Tides ]]> & <3 "storms"',
    description: "<p>It's <b>wet</b></p>",
    audioUrl: 'https://podz.example/media/audio/2.mp3',
    audioType: 'audio/mpeg',
    audioBytes: 123456,
    durationSeconds: 1830.6,
    imageUrl: 'https://podz.example/media/images/2.png',
    season: 2,
    episode: 7,
    publishedAt: new Date('2026-11-19T08:30:00Z'),
    explicit: false,
    persons: [{ name: 'Grace', role: 'guest', group: 'cast', img: 'https://podz.example/g.png' }],
    episodeType: 'full',
    seasonName: 'The deep',
    episodeLabel: 'Part 7',
    soundbites: [{ startTime: 73, duration: 60.5, title: 'The big wave' }],
  },
  {
    id: '64b7f0c2a1b2c3d4e5f60719',
    title: 'Pilot',
    description: 'First',
    audioUrl: 'https://podz.example/media/audio/1.wav',
    audioType: 'audio/wav',
    audioBytes: 999,
    durationSeconds: 61,
    publishedAt: new Date('2026-11-01T08:30:00Z'),
    persons: [],
    episodeType: 'trailer',
    soundbites: [],
  },
];

const links = {
  siteUrl: 'https://podz.example/shows/sky-sea',
  feedUrl: 'https://podz.example/shows/sky-sea/feed.xml',
};

describe('the RSS feed', () => {
  it('round-trips every field through a real podcast feed parser', () => {
    const feed = parseFeed(renderFeed(show, episodes, links))!;
    expect(feed).toMatchObject({
      title: show.name,
      link: links.siteUrl,
      description: show.description,
      language: 'pt-BR',
      explicit: true,
      itunesImage: show.imageUrl,
      author: 'Maya',
      owner: { name: 'Maya', email: 'maya@podz.example' },
      itunesCategory: ['Education > Self-Improvement'],
      guid: podcastGuid(links.feedUrl),
      locked: true,
      podcastOwner: 'maya@podz.example',
    });
    expect(feed.podcastPeople).toEqual([
      {
        name: 'Ada',
        role: 'Host',
        group: 'Cast',
        img: 'https://podz.example/a.png',
        href: 'https://podz.example/people',
      },
      { name: 'Rosa', role: 'Producer', group: 'Creative Direction' },
    ]);
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      title: episodes[0]!.title,
      description: episodes[0]!.description,
      guid: episodes[0]!.id,
      enclosure: { url: episodes[0]!.audioUrl, length: 123456, type: 'audio/mpeg' },
      duration: 1831,
      itunesImage: episodes[0]!.imageUrl,
      itunesSeason: 2,
      itunesEpisode: 7,
      explicit: false,
      podcastSeason: { number: 2 },
      podcastEpisode: { number: 7 },
      podcastPeople: [{ name: 'Grace', role: 'Guest', group: 'Cast', img: 'https://podz.example/g.png' }],
    });
    expect(first!.pubDate).toEqual(episodes[0]!.publishedAt);
    expect(second).toMatchObject({
      title: 'Pilot',
      guid: episodes[1]!.id,
      duration: 61,
      enclosure: { type: 'audio/wav', length: 999 },
    });
  });

  it('carries the Podcasting 2.0 channel and item tags, read back by the parser', () => {
    const feed = parseFeed(
      renderFeed({ ...show, newFeedUrl: 'https://elsewhere.example/feed' }, episodes, links),
    )!;
    expect(feed).toMatchObject({
      guid: show.guid,
      medium: 'podcast',
      podcastFunding: [{ url: 'https://podz.example/pricing', message: 'Support us & more' }],
      license: { identifier: 'cc-by-4.0' },
      podcastLocation: { name: 'Lisbon, Portugal', geo: 'geo:38.7223,-9.1393', osm: 'R5400890' },
      podcastTxt: [{ value: 'podverify-123abc', purpose: 'verify' }],
      podroll: [{ feedGuid: show.podroll[0]!.feedGuid, feedUrl: show.podroll[0]!.feedUrl }],
      trailers: [
        {
          title: 'Coming soon',
          url: 'https://podz.example/media/audio/t.mp3',
          type: 'audio/mpeg',
          length: 4242,
          season: 2,
        },
      ],
      itunesNewFeedUrl: 'https://elsewhere.example/feed',
    });
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      itunesEpisodeType: 'full',
      podcastSeason: { number: 2, name: 'The deep' },
      podcastEpisode: { number: 7, display: 'Part 7' },
      podcastSoundbites: [{ startTime: 73, duration: 60.5, title: 'The big wave' }],
    });
    expect(second!.itunesEpisodeType).toBe('trailer');
  });

  it('derives podcast:guid as the Podcasting 2.0 spec does', () => {
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe(
      '917393e3-1b1e-5cef-ace4-edaa54e1f810',
    );
    expect(podcastGuid('http://mp3s.nashownotes.com/pc20rss.xml/')).toBe(
      '917393e3-1b1e-5cef-ace4-edaa54e1f810',
    );
  });

  it('imports what it renders', () => {
    const imported = parseImportedFeed(renderFeed(show, episodes, links));
    expect(imported).toMatchObject({
      name: show.name,
      language: 'pt-BR',
      explicit: true,
      category: 'Personal growth',
      imageUrl: show.imageUrl,
    });
    expect(
      imported.episodes.map((e) => [
        e.guid,
        e.title,
        e.audioUrl,
        e.audioBytes,
        e.durationSeconds,
        e.season ?? null,
      ]),
    ).toEqual([
      [episodes[0]!.id, episodes[0]!.title, episodes[0]!.audioUrl, 123456, 1831, 2],
      [episodes[1]!.id, 'Pilot', episodes[1]!.audioUrl, 999, 61, null],
    ]);
  });

  it('refuses what is not a feed, or has nothing to play, with a clear message', () => {
    const cases: [string, RegExp][] = [
      ['', /not a valid RSS document/],
      ['not xml at all', /not a valid RSS document/],
      ['<html><body>hi</body></html>', /not a valid RSS document/],
      ['<rss><channel><title>Cut</title><item><title>x</ti', /not a valid RSS document|no episodes/],
      [
        '<rss version="2.0"><channel><title>Empty</title><item><title>No audio</title></item></channel></rss>',
        /no episodes with audio/,
      ],
      [
        '<rss version="2.0"><channel><item><title>x</title><enclosure url="https://e.org/1.mp3" length="1" type="audio/mpeg"/></item></channel></rss>',
        /no title|not a valid/,
      ],
    ];
    for (const [xml, message] of cases) {
      expect(() => parseImportedFeed(xml)).toThrow(FeedImportError);
      expect(() => parseImportedFeed(xml)).toThrow(message);
    }
  });
});
