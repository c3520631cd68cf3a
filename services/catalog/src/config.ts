import path from 'node:path';
import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

const onByDefault = z
  .enum(['true', 'false'])
  .default('true')
  .transform((value) => value === 'true');

export const catalogConfigSchema = serviceConfig({ port: 4002, database: 'podz_catalog' }).extend({
  /** The origin browsers and podcast apps use; feeds carry absolute URLs built from it. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  /** Where uploaded audio and images live: a local folder, or S3-compatible object storage. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  MEDIA_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', '.local', 'media')),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
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
  PREMIUM_LINK_SECRET: z
    .string({ error: 'is required (at least 32 characters)' })
    .min(32, { error: 'must be at least 32 characters' }),
  /**
   * A private feed fetched in one day from more addresses, or more apps, than this is flagged to
   * its show's team and the admins as shared (docs/payments.md, Premium listening).
   */
  PRIVATE_FEED_DAILY_ADDRESSES: z.coerce.number().int().min(1).default(10),
  PRIVATE_FEED_DAILY_APPS: z.coerce.number().int().min(1).default(4),
  /** Record every audio and feed request on the listen stream (`catalog.listen.v1`). */
  LISTEN_RECORDING: onByDefault,
  /**
   * How long a listen record may wait in the process before its batch leaves: with the batch in
   * flight, what a SIGKILL can lose (docs/analytics.md).
   */
  LISTEN_LINGER_MS: z.coerce.number().int().min(0).max(5000).default(200),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
