import { startService } from '@podz/kit';
import { UserAgents } from '@podz/kit/listens';
import { catalogListens } from '@podz/proto';
import type { AnalyticsConfig } from './config';
import { CampaignDirectory } from './data/campaign-directory';
import { DailyCounters } from './data/daily-counters';
import { PlayCountsStore } from './data/play-counts';
import { ListenRollups } from './data/listen-rollups';
import { ShowDirectory } from './data/show-directory';
import type { AnalyticsDeps } from './domain/analytics-deps';
import { applyListenStream } from './consumers/apply-listen-stream';
import { countEvents } from './consumers/count-events';
import { keepCampaigns } from './consumers/keep-campaigns';
import { keepDirectory } from './consumers/keep-directory';
import { ReportLinks } from './domain/report-links';
import { adDeliveryRoutes } from './http/ad-delivery-routes';
import { analyticsRoutes } from './http/analytics-routes';
import { statsRoutes } from './http/stats-routes';

/**
 * The analytics service: per-day counts of sign-ups, episodes published, follows and messages,
 * kept from the domain events, and the download figures and ads delivered, applied from the listen
 * stream by the IAB rules (docs/analytics.md, docs/ads.md). It publishes nothing.
 */
export function startAnalytics(config: AnalyticsConfig, now: () => Date = () => new Date()) {
  return startService({
    name: 'analytics',
    config,
    recordStreams: [catalogListens],
    setup: (context) => {
      const { db, redis, logger } = context;
      const generation = config.ANALYTICS_GENERATION;
      const deps: AnalyticsDeps = {
        logger,
        counters: new DailyCounters(redis, `analytics:${db.name}:g${generation}`),
        rollups: new ListenRollups(redis, rollupPrefix(db.name, config.LISTEN_GENERATION)),
        directory: new ShowDirectory(redis, `analytics:${db.name}:directory`),
        campaigns: new CampaignDirectory(redis, `analytics:${db.name}:directory`),
        now,
      };
      const listens = applyListenStream(
        { ...context, namespace: config.KAFKA_NAMESPACE, generation: config.LISTEN_GENERATION },
        {
          rollups: deps.rollups,
          agents: new UserAgents(),
          dropped: new Map(),
        },
      );
      const plays = new PlayCountsStore(redis, `analytics:${db.name}:plays`);
      return {
        routes: [
          statsRoutes(deps),
          analyticsRoutes({ ...deps, plays }),
          adDeliveryRoutes({
            ...deps,
            plays,
            reportLinks: new ReportLinks(config.ADS_REPORT_SECRET),
            publicOrigin: config.PUBLIC_ORIGIN,
          }),
        ],
        // A new generation is a new group: it starts at the beginning of every topic. The counting
        // script remembers each event id itself, so the group keeps no handled-event records.
        consumers: [
          { groupId: `analytics-g${generation}`, subscriptions: countEvents(deps), idempotentHandlers: true },
          // Writes of whole fields and set members: harmless twice, in order per show.
          {
            groupId: 'analytics-directory',
            subscriptions: keepDirectory(deps.directory),
            idempotentHandlers: true,
          },
          // The whole campaign each time: harmless twice, in order per campaign.
          {
            groupId: 'analytics-campaigns',
            subscriptions: keepCampaigns(deps.campaigns),
            idempotentHandlers: true,
          },
        ],
        recordConsumers: [listens],
      };
    },
  });
}

/** Where a listen generation's rollups live in Redis. */
export const rollupPrefix = (database: string, generation: number) =>
  `analytics:${database}:listens:g${generation}`;
