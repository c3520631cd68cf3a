import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

export const analyticsConfigSchema = serviceConfig({ port: 4006, database: 'podz_analytics' }).extend({
  /**
   * Which generation of counters to keep. Raising it starts a fresh consumer group that replays
   * every topic from its beginning into fresh counters: the way to rebuild them.
   */
  ANALYTICS_GENERATION: z.coerce.number().int().min(1).default(1),
  /**
   * Which generation of download rollups to keep and read. Raising it starts a fresh group that
   * applies the listen stream from its beginning into fresh keys (`npm run analytics:rebuild`).
   */
  LISTEN_GENERATION: z.coerce.number().int().min(1).default(1),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
