import { z } from 'zod';
import { premiumLinkSecretSetting, serviceConfig } from '@podz/kit';
import { blobStoreSettings } from '@podz/kit/blobs';
import { listenSettings } from '@podz/kit/listens';

export const mediaConfigSchema = serviceConfig({ port: 4010, database: 'podz_media' }).extend({
  ...blobStoreSettings,
  /** Checks the audio keys catalog signs into private feeds (docs/payments.md, Premium). */
  PREMIUM_LINK_SECRET: premiumLinkSecretSetting,
  ...listenSettings,
  /**
   * Catalog's database, by name only: the listeners' salts in Redis are named after it (feeds and
   * audio hash one listener alike), and a library kept there before media existed is copied once.
   */
  CATALOG_DATABASE: z.string().default('podz_catalog'),
});

export type MediaConfig = z.infer<typeof mediaConfigSchema>;
