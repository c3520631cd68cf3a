/** What a feed says about a show and its episodes, independent of how catalog stores them. */

/** A `podcast:person`: role and group from the Podcasting 2.0 taxonomy (host/cast, guest/cast, …). */
export interface FeedPerson {
  name: string;
  role: string;
  group: string;
  img?: string;
  href?: string;
}

export interface FeedShow {
  id: string;
  uId: string;
  name: string;
  /** Sanitized HTML. */
  description: string;
  imageUrl: string;
  /** One of the 20 PODZ categories. */
  category: string;
  language: string;
  explicit: boolean;
  ownerName: string;
  ownerEmail?: string;
  locked: boolean;
  /** `itunes:block`: directories must not list it (a member's private feed). */
  block?: boolean;
  persons: FeedPerson[];
  updatedAt: Date;
  /** `podcast:guid`. */
  guid: string;
  medium: string;
  funding: { url: string; title: string }[];
  license?: { identifier: string; url?: string };
  location?: { name: string; geo?: string; osm?: string };
  txt: { value: string; purpose?: string }[];
  /** `podcast:podroll`: other shows, by their guid and feed. */
  podroll: { feedGuid: string; feedUrl: string }[];
  updateFrequency?: { label: string; rrule?: string; complete?: boolean };
  /** `podcast:trailer`s, from the episodes typed `trailer`. */
  trailers: { title: string; url: string; type: string; length: number; pubDate: Date; season?: number }[];
  /** The show moved: `itunes:new-feed-url`. */
  newFeedUrl?: string;
}

/** What an RSS item says of an episode, whether PODZ writes it or reads it from another feed. */
export interface RssItem {
  title: string;
  description: string;
  audioUrl: string;
  audioType: string;
  audioBytes: number;
  durationSeconds: number;
  imageUrl?: string;
  season?: number;
  episode?: number;
  publishedAt: Date;
}

export interface FeedEpisode extends RssItem {
  id: string;
  explicit?: boolean;
  persons: FeedPerson[];
  episodeType: string;
  /** `podcast:season name`. */
  seasonName?: string;
  /** `podcast:episode display`. */
  episodeLabel?: string;
  soundbites: { startTime: number; duration: number; title?: string }[];
  /** `podcast:transcript` files: the WebVTT as captions, then the JSON. */
  transcripts?: FeedTranscript[];
  /** The JSON chapters file (`podcast:chapters`). */
  chaptersUrl?: string;
}

export interface FeedTranscript {
  url: string;
  type: string;
  language: string;
  rel?: 'captions';
}

export interface FeedLinks {
  siteUrl: string;
  feedUrl: string;
}
