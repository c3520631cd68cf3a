import {
  BackgroundJobs,
  DirectRoutes,
  idempotent,
  PeriodicTask,
  MediaUploads,
  PremiumTokens,
  RankedLists,
  RecentReads,
  runOnce,
  startService,
} from '@podz/kit';
import { listenerSaltPrefix, listenRecording } from '@podz/kit/listens';
import { EntitlementBook, PlanBook, UserDirectory } from '@podz/read-models';
import { ResponseCache } from './cache/response-cache';
import { catalogListens, TOPICS } from '@podz/proto';
import type { CatalogConfig } from './config';
import { backfillPeopleIds } from './data/backfill-people-ids';
import { backfillUpcoming } from './data/backfill-upcoming';
import { CatalogLists } from './data/catalog-lists';
import { catalogModels } from './data/catalog-models';
import { renditionSync } from './consumers/rendition-sync';
import { listSync } from './consumers/list-sync';
import { EpisodeRepository } from './data/episode-repository';
import { FollowRepository } from './data/follow-repository';
import { PodcastRepository } from './data/podcast-repository';
import type { CatalogDeps } from './domain/catalog-deps';
import { ensureLists } from './domain/ensure-lists';
import { restateCatalog } from './domain/restate-catalog';
import { releaseScheduled } from './domain/releases/release-scheduled';
import { ReleaseBookmarks } from './data/release-fields';
import { userSync } from './consumers/user-sync';
import { entitlementSync } from './consumers/entitlement-sync';
import { PrivateFeedStore, privateFeedModel } from './data/private-feed-store';
import { FeedSharing } from './data/feed-sharing';
import { PremiumGrants } from './domain/feeds/premium-grants';
import { premiumRoutes } from './http/premium-routes';
import { episodeCompanionRoutes } from './http/episode-companion-routes';
import { episodeRoutes } from './http/episode-routes';
import { feedRoutes } from './http/feed-routes';
import { podcastRoutes } from './http/podcast-routes';
import { MediaTranscripts } from './clients/media-transcripts';

/**
 * The catalog service: podcasts (PODZ), episodes, follows, hosts and guests, feeds, premium
 * listening's private feeds, transcripts and chapters. Uploads and audio are media's.
 */
export function startCatalog(config: CatalogConfig) {
  return startService({
    name: 'catalog',
    config,
    topics: [TOPICS.catalogPodcast, TOPICS.catalogEpisode, TOPICS.catalogPrivateFeed, TOPICS.mediaUpload],
    recordStreams: [catalogListens],
    // Public pages make several Redis reads each (answers, records, lists), many requests at once.
    redis: { autoPipelining: true },
    setup: async ({ db, redis, relay, logger, kafka }) => {
      const models = catalogModels(db);
      const users = new UserDirectory(db);
      const plans = new PlanBook(db);
      const entitlements = new EntitlementBook(db);
      const privateFeedModels = privateFeedModel(db);
      await Promise.all([
        ...Object.values(models).map((model) => model.init()),
        privateFeedModels.init(),
        entitlements.init(),
        users.init(),
        plans.init(),
      ]);
      const privateFeeds = new PrivateFeedStore(privateFeedModels, relay);
      await backfillPeopleIds(db, models);
      await backfillUpcoming(db, models);
      // Records of shows and episodes beside the store, keyed by database like the lists.
      const episodes = new EpisodeRepository(models.episodes, relay, {
        redis,
        prefix: `catalog:${db.name}:episodes`,
        logger,
      });
      const deps: CatalogDeps = {
        config,
        logger,
        podcasts: new PodcastRepository(models.podcasts, relay, {
          redis,
          prefix: `catalog:${db.name}:podcasts`,
          logger,
        }),
        episodes,
        releaseBookmarks: new ReleaseBookmarks(models.releaseClock),
        follows: new FollowRepository(models.follows, relay),
        // Keyed by database, so several catalogs (test files, environments) can share one Redis.
        lists: new CatalogLists(new RankedLists(redis, `catalog:${db.name}:lists`), episodes.recordKeys),
        responses: new ResponseCache(redis, `catalog:${db.name}:responses`, config.PUBLIC_CACHE_TTL_SECONDS),
        membersFeeds: new RecentReads(1000, 1000),
        uploads: new MediaUploads(config.MEDIA_URL),
        users,
        plans,
        entitlements,
        privateFeeds,
        grants: new PremiumGrants(privateFeeds, entitlements),
        tokens: new PremiumTokens(config.PREMIUM_LINK_SECRET),
        sharing: new FeedSharing(redis, `catalog:${db.name}:private-feeds`, config.PREMIUM_LINK_SECRET, {
          addresses: config.PRIVATE_FEED_DAILY_ADDRESSES,
          apps: config.PRIVATE_FEED_DAILY_APPS,
        }),
        transcriptFiles: new MediaTranscripts(config.MEDIA_URL),
        idempotency: idempotent(redis, 'catalog'),
        background: new BackgroundJobs(logger),
      };
      const { stream: listens, recorder } = listenRecording({
        kafka,
        redis,
        logger,
        config,
        saltPrefix: listenerSaltPrefix(db.name),
        // Catalog serves feeds; audio is media's to record.
        whereOf: async (target) => {
          if (target.kind !== 'feed') return null;
          const show = (await deps.podcasts.findByName(target.uId))?.id;
          return show ? { kind: 'feed', show, episode: null, published: null, file: null } : null;
        },
      });
      deps.background.once('catalog lists', () => ensureLists(deps));
      // Once per database, beside serving: a failed or cut-short run is run again on the next start.
      // The name moves on with each field the events start to carry or a copy starts to keep (v2:
      // an episode's chapters; v3: a show's insertion choice and category, an episode's breaks).
      deps.background.once('restating the catalog', () =>
        runOnce(db, 'catalog-restated-v3', () => restateCatalog(deps)),
      );
      deps.background.once('restating private feeds', () =>
        runOnce(db, 'private-feeds-restated-v1', () => privateFeeds.restateAll()),
      );
      const direct = new DirectRoutes();
      return {
        routes: [
          podcastRoutes(deps, direct),
          episodeRoutes(deps, direct),
          episodeCompanionRoutes(deps),
          feedRoutes(deps, recorder, direct),
          premiumRoutes(deps, recorder),
        ],
        direct,
        streams: [listens],
        tasks: [new PeriodicTask('releases', config.RELEASE_SWEEP_MS, () => releaseScheduled(deps), logger)],
        aggregates: [models.podcasts, models.episodes, models.follows, privateFeedModels],
        consumers: [
          { subscriptions: userSync(deps) },
          // Placing again from the store is harmless twice: no handled-event records for this group.
          { groupId: 'catalog-lists', subscriptions: listSync(deps), idempotentHandlers: true },
          { groupId: 'catalog-plans', subscriptions: plans.subscriptions(), idempotentHandlers: true },
          { groupId: 'catalog-renditions', subscriptions: renditionSync(deps), idempotentHandlers: true },
          {
            groupId: 'catalog-entitlements',
            subscriptions: entitlementSync(deps),
            idempotentHandlers: true,
          },
        ],
      };
    },
  });
}
