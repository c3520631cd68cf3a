import { APPLE_CATEGORIES } from './apple-categories';
import type { FeedEpisode, FeedLinks, FeedPerson, FeedShow } from './feed-types';

const escape = (value: string | number) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

// Control characters are not allowed in XML 1.0 at all; they are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const element = (name: string, value: string | number) =>
  `<${name}>${escape(clean(String(value)))}</${name}>`;

const attributes = (pairs: Record<string, string | number | undefined>) =>
  Object.entries(pairs)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => ` ${name}="${escape(clean(String(value)))}"`)
    .join('');

const person = (p: FeedPerson) =>
  `<podcast:person${attributes({ role: p.role, group: p.group, img: p.img, href: p.href })}>${escape(clean(p.name))}</podcast:person>`;

const yesNo = (value: boolean) => (value ? 'true' : 'false');

/** Seconds as the namespace writes them: a decimal with at least one fraction digit. */
const seconds = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(value));

/** A tag with attributes and text, or attributes only when there is no text. */
const tag = (name: string, attrs: Record<string, string | number | undefined>, text?: string) =>
  text === undefined
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${escape(clean(text))}</${name}>`;

/** The channel's Podcasting 2.0 tags beyond guid, locked and person. */
function namespaceTags(show: FeedShow): string[] {
  return [
    element('podcast:medium', show.medium),
    ...show.funding.map((link) => tag('podcast:funding', { url: link.url }, link.title)),
    show.license ? tag('podcast:license', { url: show.license.url }, show.license.identifier) : '',
    show.location
      ? tag('podcast:location', { geo: show.location.geo, osm: show.location.osm }, show.location.name)
      : '',
    ...show.txt.map((entry) => tag('podcast:txt', { purpose: entry.purpose }, entry.value)),
    show.updateFrequency
      ? tag(
          'podcast:updateFrequency',
          {
            rrule: show.updateFrequency.rrule,
            complete: show.updateFrequency.complete ? 'true' : undefined,
          },
          show.updateFrequency.label,
        )
      : '',
    ...show.trailers.map((trailer) =>
      tag(
        'podcast:trailer',
        {
          pubdate: trailer.pubDate.toUTCString(),
          url: trailer.url,
          length: trailer.length,
          type: trailer.type,
          season: trailer.season,
        },
        trailer.title,
      ),
    ),
    show.podroll.length
      ? `<podcast:podroll>${show.podroll
          .map((item) => tag('podcast:remoteItem', { feedGuid: item.feedGuid, feedUrl: item.feedUrl }))
          .join('')}</podcast:podroll>`
      : '',
  ].filter(Boolean);
}

function item(episode: FeedEpisode): string {
  return [
    '<item>',
    element('title', episode.title),
    element('description', episode.description),
    element('content:encoded', episode.description),
    `<enclosure${attributes({ url: episode.audioUrl, length: episode.audioBytes, type: episode.audioType })}/>`,
    `<guid isPermaLink="false">${escape(episode.id)}</guid>`,
    element('pubDate', episode.publishedAt.toUTCString()),
    element('itunes:duration', Math.round(episode.durationSeconds)),
    element('itunes:episodeType', episode.episodeType),
    element('itunes:explicit', yesNo(Boolean(episode.explicit))),
    episode.imageUrl ? `<itunes:image${attributes({ href: episode.imageUrl })}/>` : '',
    episode.season !== undefined ? element('itunes:season', episode.season) : '',
    episode.episode !== undefined ? element('itunes:episode', episode.episode) : '',
    episode.season !== undefined
      ? `<podcast:season${attributes({ name: episode.seasonName })}>${episode.season}</podcast:season>`
      : '',
    episode.episode !== undefined
      ? `<podcast:episode${attributes({ display: episode.episodeLabel })}>${episode.episode}</podcast:episode>`
      : '',
    ...episode.soundbites.map(
      (bite) =>
        `<podcast:soundbite${attributes({ startTime: seconds(bite.startTime), duration: seconds(bite.duration) })}>${escape(clean(bite.title ?? ''))}</podcast:soundbite>`,
    ),
    ...episode.persons.map(person),
    ...(episode.transcripts ?? []).map(
      (file) =>
        `<podcast:transcript${attributes({ url: file.url, type: file.type, language: file.language, rel: file.rel })}/>`,
    ),
    episode.chaptersUrl
      ? `<podcast:chapters${attributes({ url: episode.chaptersUrl, type: 'application/json+chapters' })}/>`
      : '',
    '</item>',
  ]
    .filter(Boolean)
    .join('');
}

/** Every feed PODZ writes, around its channel's lines: RSS 2.0 with the namespaces it uses. */
function rss(channel: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    ...channel.filter(Boolean),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * RSS 2.0 with the tags Apple Podcasts requires and the Podcasting 2.0 namespace. Episodes come
 * newest first and keep their id as a guid, so apps never see an episode twice.
 */
export function renderFeed(show: FeedShow, episodes: FeedEpisode[], links: FeedLinks): string {
  const [top, sub] = APPLE_CATEGORIES[show.category] ?? ['Leisure'];
  const category = sub
    ? `<itunes:category${attributes({ text: top })}><itunes:category${attributes({ text: sub })}/></itunes:category>`
    : `<itunes:category${attributes({ text: top })}/>`;
  const owner = `<itunes:owner>${element('itunes:name', show.ownerName)}${show.ownerEmail ? element('itunes:email', show.ownerEmail) : ''}</itunes:owner>`;
  return rss([
    element('title', show.name),
    element('link', links.siteUrl),
    `<atom:link${attributes({ href: links.feedUrl, rel: 'self', type: 'application/rss+xml' })}/>`,
    element('description', show.description),
    element('language', show.language),
    element('lastBuildDate', show.updatedAt.toUTCString()),
    element('generator', 'PODZ'),
    element('itunes:author', show.ownerName),
    owner,
    `<itunes:image${attributes({ href: show.imageUrl })}/>`,
    `<image>${element('url', show.imageUrl)}${element('title', show.name)}${element('link', links.siteUrl)}</image>`,
    category,
    element('itunes:explicit', yesNo(show.explicit)),
    element('itunes:type', 'episodic'),
    show.block ? element('itunes:block', 'yes') : '',
    show.newFeedUrl ? element('itunes:new-feed-url', show.newFeedUrl) : '',
    element('podcast:guid', show.guid),
    `<podcast:locked${attributes({ owner: show.ownerEmail })}>${show.locked ? 'yes' : 'no'}</podcast:locked>`,
    ...show.persons.map(person),
    ...namespaceTags(show),
    ...episodes.map(item),
  ]);
}

/**
 * What a private feed answers once it no longer works (`410 Gone`): the show, and one item that
 * says why and where to get access again, so a podcast app shows the listener a reason.
 */
export function renderGoneFeed(gone: {
  showName: string;
  siteUrl: string;
  title: string;
  reason: string;
  link: string;
  at: Date;
}): string {
  return rss([
    element('title', gone.showName),
    element('link', gone.siteUrl),
    element('description', gone.reason),
    element('itunes:block', 'yes'),
    element('podcast:locked', 'yes'),
    '<item>',
    element('title', gone.title),
    element('description', gone.reason),
    element('link', gone.link),
    `<guid${attributes({ isPermaLink: 'false' })}>${escape(`gone-${gone.at.getTime()}`)}</guid>`,
    element('pubDate', gone.at.toUTCString()),
    '</item>',
  ]);
}
