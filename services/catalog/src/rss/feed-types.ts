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
  persons: FeedPerson[];
  updatedAt: Date;
}

export interface FeedEpisode {
  id: string;
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
  explicit?: boolean;
  persons: FeedPerson[];
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
