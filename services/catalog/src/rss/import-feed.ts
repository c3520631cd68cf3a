import { cleanLine, cleanParagraph, DESCRIPTION_MAX, EPISODE_TITLE_MAX, PODCAST_NAME_MAX } from '@podz/proto';
import { parseFeed } from './partytime';
import { podzCategoryOf } from './apple-categories';
import type { RssItem } from './feed-types';

/** An episode of a feed being imported: an RSS item and its `guid`. */
export interface ImportedEpisode extends RssItem {
  guid: string;
  explicit: boolean;
}

export interface ImportedShow {
  name: string;
  description: string;
  imageUrl?: string;
  language: string;
  explicit: boolean;
  category?: string;
  authorName?: string;
  /** The feed's `podcast:guid`, which stays with the show when it moves to PODZ. */
  guid?: string;
  episodes: ImportedEpisode[];
}

/** A feed that cannot be imported, with a message for the person who asked. */
export class FeedImportError extends Error {}

/** The newest episodes an import keeps. */
export const IMPORT_EPISODES_MAX = 500;

const text = (value: unknown) => (typeof value === 'string' ? cleanParagraph(value) : '');
const line = (value: unknown) => (typeof value === 'string' ? cleanLine(value) : '');

/** Reads a show and its playable episodes from RSS, with a real podcast feed parser. */
export function parseImportedFeed(xml: string): ImportedShow {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = xml.trim() ? parseFeed(xml) : null;
  } catch {
    feed = null;
  }
  if (!feed) throw new FeedImportError('The feed could not be read: it is not a valid RSS document');
  const name = line(feed.title);
  if (!name) throw new FeedImportError('The feed has no title');
  const episodes: ImportedEpisode[] = [];
  for (const entry of feed.items ?? []) {
    const enclosure = entry.enclosure;
    if (!enclosure?.url || !/^https?:\/\//i.test(enclosure.url)) continue;
    const publishedAt =
      entry.pubDate instanceof Date && !Number.isNaN(entry.pubDate.getTime()) ? entry.pubDate : new Date();
    episodes.push({
      guid: text(entry.guid) || enclosure.url,
      title: line(entry.title).slice(0, EPISODE_TITLE_MAX) || 'Untitled episode',
      description: text(entry.description).slice(0, DESCRIPTION_MAX),
      audioUrl: enclosure.url,
      audioType: text(enclosure.type) || 'audio/mpeg',
      audioBytes: Number.isFinite(enclosure.length) ? Math.max(0, Math.trunc(enclosure.length)) : 0,
      durationSeconds: Number.isFinite(entry.duration) ? Math.max(0, entry.duration) : 0,
      ...(text(entry.image ?? entry.itunesImage) ? { imageUrl: text(entry.image ?? entry.itunesImage) } : {}),
      ...(typeof entry.itunesSeason === 'number' ? { season: entry.itunesSeason } : {}),
      ...(typeof entry.itunesEpisode === 'number' ? { episode: entry.itunesEpisode } : {}),
      publishedAt,
      explicit: Boolean(entry.explicit),
    });
  }
  if (episodes.length === 0) throw new FeedImportError('The feed has no episodes with audio to import');
  episodes.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  const imageUrl = text(feed.itunesImage ?? feed.image?.url);
  const category = podzCategoryOf(feed.itunesCategory ?? []);
  return {
    name: name.slice(0, PODCAST_NAME_MAX),
    description: text(feed.description).slice(0, DESCRIPTION_MAX),
    ...(imageUrl ? { imageUrl } : {}),
    language: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(text(feed.language)) ? text(feed.language) : 'en',
    explicit: Boolean(feed.explicit),
    ...(category ? { category } : {}),
    ...(line(feed.author) ? { authorName: line(feed.author) } : {}),
    ...(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(line(feed.guid))
      ? { guid: line(feed.guid).toLowerCase() }
      : {}),
    episodes: episodes.slice(0, IMPORT_EPISODES_MAX),
  };
}
