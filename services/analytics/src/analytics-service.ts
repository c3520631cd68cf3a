import { startService } from '@podz/kit';
import type { AnalyticsConfig } from './config';
import { DailyCounters } from './data/daily-counters';
import type { AnalyticsDeps } from './domain/analytics-deps';
import { countEvents } from './consumers/count-events';
import { statsRoutes } from './http/stats-routes';

/**
 * The analytics service: per-day counts of sign-ups, episodes published, follows and messages,
 * kept from the domain events (it publishes none) and read by the admins' dashboard.
 */
export function startAnalytics(config: AnalyticsConfig, now: () => Date = () => new Date()) {
  return startService({
    name: 'analytics',
    config,
    setup: ({ db, redis, logger }) => {
      const generation = config.ANALYTICS_GENERATION;
      const deps: AnalyticsDeps = {
        logger,
        counters: new DailyCounters(redis, `analytics:${db.name}:g${generation}`),
        now,
      };
      return {
        routes: [statsRoutes(deps)],
        // A new generation is a new group: it starts at the beginning of every topic. The counting
        // script remembers each event id itself, so the group keeps no handled-event records.
        consumers: [
          { groupId: `analytics-g${generation}`, subscriptions: countEvents(deps), idempotentHandlers: true },
        ],
      };
    },
  });
}
