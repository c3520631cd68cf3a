import { Emitter } from '@socket.io/redis-emitter';
import {
  BackgroundJobs,
  DirectRoutes,
  idempotent,
  JobWorker,
  ListKeeper,
  PremiumTokens,
  RankedLists,
  startService,
} from '@podz/kit';
import { createBlobStore } from '@podz/kit/blobs';
import {
  ListenerIdentity,
  ListenerSalts,
  listenerSaltPrefix,
  listenRecording,
  readCountries,
  UserAgents,
} from '@podz/kit/listens';
import { catalogListens, SOCKET_EVENTS, TOPICS, userRoom } from '@podz/proto';
import { EntitlementBook, UserDirectory } from '@podz/read-models';
import { checkFfmpeg } from './audio/ffmpeg-version';
import type { MediaConfig } from './config';
import { catalogCopySubscriptions } from './consumers/catalog-copy';
import { entitlementSubscriptions } from './consumers/entitlement-sync';
import { memberSubscriptions } from './consumers/member-sync';
import { AudioSettingsStore } from './data/audio-settings';
import { CatalogCopies } from './data/catalog-copies';
import { libraryFromCatalog } from './data/library-from-catalog';
import { MediaLibrary, processedUpdate } from './data/media-library';
import { queueOlderAudio } from './data/queue-older-audio';
import { mediaFamily } from './data/media-lists';
import { mediaModels } from './data/media-models';
import { PrivateFeedCopies } from './data/private-feed-copies';
import { listensWithoutAds } from './domain/ad-free';
import { AudioAttributions } from './domain/audio-attribution';
import { AudioGrants } from './domain/audio-grants';
import type { MediaPorts } from './domain/media-ports';
import { relevelIfChanged } from './domain/levelling';
import { announcingUses } from './domain/media-uses';
import { audioProcessingWatch } from './domain/processing-watch';
import { processAudio } from './domain/process-audio';
import { RenditionHeads } from './tags/rendition-head';
import { mediaRoutes } from './http/media-routes';
import { adsCopySubscriptions } from './consumers/ads-copy';
import { DecisionStore } from './insertion/decision-store';
import { DownloadInsertion } from './insertion/download-insertion';
import { FrameOffsets } from './insertion/frame-offsets';
import { InsertionPlanner } from './insertion/insertion-plan';
import { CampaignCopies } from './data/campaign-copies';

/**
 * The media service: the byte path of the network. It takes uploads (audio and images, the media
 * library and what each uploader's files take), keeps their bytes (a folder or S3), serves them
 * with ranges and conditional GETs, gates premium audio and records every audio request on the
 * listen stream. What it knows of shows, episodes, private feeds, members and their plans it keeps
 * in its own database from catalog's, identity's and billing's events.
 */
export function startMedia(config: MediaConfig) {
  return startService({
    name: 'media',
    config,
    topics: [
      TOPICS.catalogPodcast,
      TOPICS.catalogEpisode,
      TOPICS.catalogPrivateFeed,
      TOPICS.identityUser,
      TOPICS.billingSubscription,
      TOPICS.mediaUpload,
      TOPICS.adsCampaign,
      TOPICS.adsSettings,
    ],
    recordStreams: [catalogListens],
    redis: { autoPipelining: true },
    setup: async ({ db, redis, kafka, logger, relay }) => {
      if (config.MEDIA_JOB_SLOTS > 0) logger.info({ ffmpeg: await checkFfmpeg() }, 'audio processing ready');
      const models = mediaModels(db);
      const copies = new CatalogCopies(db);
      const privateFeeds = new PrivateFeedCopies(db);
      const entitlements = new EntitlementBook(db);
      const users = new UserDirectory(db);
      const audioSettings = new AudioSettingsStore(db);
      const campaigns = new CampaignCopies(db);
      await Promise.all([
        ...Object.values(models).map((model) => model.init()),
        copies.init(),
        privateFeeds.init(),
        entitlements.init(),
        users.init(),
        audioSettings.init(),
        campaigns.init(),
      ]);
      await libraryFromCatalog(db, config.CATALOG_DATABASE);
      await queueOlderAudio(db);
      const lists = new ListKeeper(
        new RankedLists(redis, `media:${db.name}:lists`),
        mediaFamily(models.media),
        logger,
        new BackgroundJobs(logger),
      );
      const ports: MediaPorts = {
        logger,
        library: new MediaLibrary(models.media, models.mediaStorage, lists),
        blobs: createBlobStore(config),
        users,
        grants: new AudioGrants(privateFeeds, entitlements),
        tokens: new PremiumTokens(config.PREMIUM_LINK_SECRET),
        copies,
        audioSettings,
      };
      // File → episode, show and who may hear it: for the premium gate and the listen records.
      const attributions = new AudioAttributions(ports);
      // A rendition's ID3 tag, from the copies of the episode and show that use it.
      const renditions = new RenditionHeads(ports);
      const saltPrefix = listenerSaltPrefix(config.CATALOG_DATABASE);
      const countries = readCountries(logger);
      // Ads and promos joined into renditions, decided per listener, episode and day.
      const insertion = new DownloadInsertion({
        attributions,
        copies,
        library: ports.library,
        identity: new ListenerIdentity(new ListenerSalts(redis, saltPrefix), countries),
        agents: new UserAgents(),
        adFree: (req, showId) => listensWithoutAds(ports, showId, { key: req.query.k, user: req.user }),
        planner: new InsertionPlanner({
          campaigns,
          library: ports.library,
          decisions: new DecisionStore(redis, `media:${db.name}:ads:`),
          frames: new FrameOffsets(ports.blobs),
        }),
      });
      const { stream: listens, recorder } = listenRecording({
        kafka,
        redis,
        logger,
        config,
        saltPrefix,
        countries,
        // Media serves audio; feeds are catalog's to record.
        whereOf: async (target, at) => {
          if (target.kind !== 'audio') return null;
          const attribution = await attributions.of(target.file, at);
          if (!attribution) return null;
          // Only what a listen record carries: who may hear the file stays here.
          const { show, episode, published, file } = attribution;
          return { kind: 'audio', show, episode, published, file };
        },
        // A new episode's first downloads wait aside until media hears of the episode.
        placed: (target) =>
          target.kind === 'audio' ? attributions.untilAttributed(target.file) : Promise.resolve(false),
      });
      lists.ensureLater();
      // Uploaders watch their files' processing and uses over messaging's sockets.
      const emitter = new Emitter(redis, { key: config.SOCKET_REDIS_PREFIX });
      const audioJobs = new JobWorker({
        model: models.media,
        redis,
        logger,
        slots: config.MEDIA_JOB_SLOTS,
        leaseMs: config.MEDIA_JOB_LEASE_MS,
        pollMs: config.MEDIA_JOB_POLL_MS,
        run: async (job) => {
          const { processed, events } = await processAudio(ports, job, config.MEDIA_JOB_NICENESS);
          return processedUpdate(processed, events);
        },
        onDone: (id) => {
          relay.kick(models.media);
          // The show's switch may have changed while the job ran.
          void relevelIfChanged(ports, id).then(
            (queued) => queued && audioJobs.kick(),
            (err: unknown) => logger.warn({ err, upload: id }, 'levelling check failed'),
          );
        },
        onStatus: audioProcessingWatch(ports, (userId, payload) =>
          emitter.to(userRoom(userId)).emit(SOCKET_EVENTS.mediaProcessing, payload),
        ),
      });
      const direct = new DirectRoutes();
      return {
        routes: [
          mediaRoutes(
            { ...ports, idempotency: idempotent(redis, 'media'), audioJobs },
            recorder,
            attributions,
            renditions,
            insertion,
            direct,
          ),
        ],
        direct,
        streams: [listens],
        tasks: [audioJobs],
        aggregates: [models.media],
        consumers: [
          // Set by key from each event: harmless twice, so no handled-event records.
          {
            groupId: 'media-catalog',
            subscriptions: catalogCopySubscriptions(
              copies,
              announcingUses(ports.library, (uploaderId) =>
                emitter.to(userRoom(uploaderId)).emit(SOCKET_EVENTS.mediaChanged, {}),
              ),
              privateFeeds,
              (uploadId) => relevelIfChanged(ports, uploadId).then((queued) => queued && audioJobs.kick()),
            ),
            idempotentHandlers: true,
          },
          {
            groupId: 'media-members',
            subscriptions: memberSubscriptions(users, privateFeeds),
            idempotentHandlers: true,
          },
          // Campaigns and the insertion settings, whole in each event: set by key.
          {
            groupId: 'media-ads',
            subscriptions: adsCopySubscriptions(campaigns),
            idempotentHandlers: true,
          },
          // Each write carries its event's time and an older word never wins.
          {
            groupId: 'media-entitlements',
            subscriptions: entitlementSubscriptions(entitlements),
            idempotentHandlers: true,
          },
        ],
      };
    },
  });
}
