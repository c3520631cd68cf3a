import { z } from 'zod';
import { serviceConfig, serviceUrls } from '@podz/kit';

export const adsConfigSchema = serviceConfig({ port: 4011, database: 'podz_ads' }).extend({
  /** Media, asked about a creative's upload when a campaign names it. */
  MEDIA_URL: serviceUrls('http://localhost:4010'),
});

export type AdsConfig = z.infer<typeof adsConfigSchema>;
