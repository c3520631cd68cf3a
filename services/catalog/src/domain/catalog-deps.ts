import type { BackgroundJobs, Idempotent, Logger, RecentReads } from '@podz/kit';
import type { PlanBook, UserDirectory } from '@podz/read-models';
import type { RenderedResponse, ResponseCache } from '../cache/response-cache';
import type { CatalogConfig } from '../config';
import type { CatalogLists } from '../data/catalog-lists';
import type { EpisodeRepository } from '../data/episode-repository';
import type { FollowRepository } from '../data/follow-repository';
import type { PodcastRepository } from '../data/podcast-repository';
import type { ReleaseBookmarks } from '../data/release-fields';
import type { PremiumTokens } from '@podz/kit';
import type { MediaUploads } from '@podz/kit';
import type { MediaTranscripts } from '../clients/media-transcripts';
import type { EntitlementBook } from '@podz/read-models';
import type { PrivateFeedStore } from '../data/private-feed-store';
import type { FeedSharing } from '../data/feed-sharing';
import type { PremiumGrants } from './feeds/premium-grants';

export interface CatalogDeps {
  config: CatalogConfig;
  logger: Logger;
  podcasts: PodcastRepository;
  episodes: EpisodeRepository;
  follows: FollowRepository;
  /** Where the release clocks (scheduled episodes and shows) have swept through. */
  releaseBookmarks: ReleaseBookmarks;
  /** The public lists kept in Redis (latest episodes, a show's episodes, shows by name). */
  lists: CatalogLists;
  /** Rendered public answers (lists, show pages, feeds), dropped whenever the catalog changes. */
  responses: ResponseCache;
  /**
   * The members' feed templates this process rendered or read, for a second: an app's repeat
   * poll needs the template's ETag, and reading a 300-item feed from Redis for a 304 costs more
   * than the answer. A second is what the edge allows the public feeds.
   */
  membersFeeds: RecentReads<string, RenderedResponse>;
  /** Uploads as media knows them, asked when a show or episode names one. */
  uploads: MediaUploads;
  users: UserDirectory;
  /** Content's plans as catalog heard them: which offer premium listening. */
  plans: PlanBook;
  /** Members' plans, from identity's and billing's events (premium listening). */
  entitlements: EntitlementBook;
  privateFeeds: PrivateFeedStore;
  /** The keyed premium reads, trusted for a second per instance. */
  grants: PremiumGrants;
  tokens: PremiumTokens;
  /** Who fetches each private feed in a day, and the feeds flagged as shared. */
  sharing: FeedSharing;
  /** Media, which keeps and serves a transcript's files once catalog has read the captions. */
  transcriptFiles: MediaTranscripts;
  /** Answers a repeated `Idempotency-Key` with the first answer (creating shows, episodes, uploads). */
  idempotency: Idempotent;
  /** Rebuilds of lists that readers found missing, one at a time per list. */
  background: BackgroundJobs;
}
