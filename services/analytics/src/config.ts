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
  /** Signs advertisers' report links; changing it ends every link given. */
  ADS_REPORT_SECRET: z
    .string({ error: 'is required (at least 32 characters)' })
    .min(32, { error: 'must be at least 32 characters' }),
  /** The site the report links open on. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
