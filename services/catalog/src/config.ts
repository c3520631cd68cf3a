import { z } from 'zod';
import { premiumLinkSecretSetting, serviceConfig, serviceUrls } from '@podz/kit';
import { listenSettings } from '@podz/kit/listens';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const catalogConfigSchema = serviceConfig({ port: 4002, database: 'podz_catalog' }).extend({
  /** The origin browsers and podcast apps use; feeds carry absolute URLs built from it. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  /**
   * Media, asked about an upload a show or episode names and given a transcript's files to keep
   * (one URL, or several instances).
   */
  MEDIA_URL: serviceUrls('http://localhost:4010'),
  /** Importing feeds from loopback or private addresses: off in production, on in tests. */
  FEED_IMPORT_ALLOW_PRIVATE: flag,
  /**
   * How long a rendered public answer may be served from the response cache. Writes (a scheduled
   * episode's release among them) invalidate it at once; this bounds only what no write announces.
   */
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** How often the release clock looks for scheduled episodes whose time has come. */
  RELEASE_SWEEP_MS: z.coerce.number().int().min(100).default(1000),
  FEED_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  FEED_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * Derives the private feeds' tokens and signs their audio links (docs/payments.md, Premium):
   * changing it stops every private feed link and every signed audio link at once.
   */
  PREMIUM_LINK_SECRET: premiumLinkSecretSetting,
  /**
   * A private feed fetched in one day from more addresses, or more apps, than this is flagged to
   * its show's team and the admins as shared (docs/payments.md, Premium listening).
   */
  PRIVATE_FEED_DAILY_ADDRESSES: z.coerce.number().int().min(1).default(10),
  PRIVATE_FEED_DAILY_APPS: z.coerce.number().int().min(1).default(4),
  ...listenSettings,
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
