import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, pemKey, serviceUrls } from '@podz/kit';
import type { ServiceName } from '@podz/proto';

/** A service's base URL, or its instances' separated by commas (taken in turn). */
const upstream = (port: number) => serviceUrls(`http://127.0.0.1:${port}`);

export const gatewayConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  REDIS_URL: z.string({ error: 'is required (redis://host:port)' }).startsWith('redis'),
  JWT_PUBLIC_KEY: pemKey,
  /** The origin browsers use; unsafe requests from any other origin are refused. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  /** The built web app (`npm run build -w web`). */
  WEB_DIST: z.string().default(path.resolve(__dirname, '..', '..', 'web', 'dist')),
  IDENTITY_URL: upstream(4001),
  CATALOG_URL: upstream(4002),
  REQUESTS_URL: upstream(4003),
  MESSAGING_URL: upstream(4004),
  CONTENT_URL: upstream(4005),
  ANALYTICS_URL: upstream(4006),
  BILLING_URL: upstream(4007),
  NOTIFICATIONS_URL: upstream(4008),
  SEARCH_URL: upstream(4009),
  MEDIA_URL: upstream(4010),
  ADS_URL: upstream(4011),
  LISTENING_URL: upstream(4012),
  /** Per client IP, in Redis so the limits hold across gateway instances. */
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CLIENT_LOG_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_FORMS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Sign-in links, password resets and verification mails asked for from one IP. */
  RATE_LIMIT_AUTH_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Searches from one IP: suggestions ask once per pause in typing, so a person stays far below it. */
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * The edge micro-cache for public answers services mark shareable (`s-maxage`): how many
   * answers and how many megabytes it may hold in memory; 0 entries turns it off.
   */
  EDGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(10_000),
  EDGE_CACHE_MB: z.coerce.number().int().min(1).default(64),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function upstreamUrls(config: GatewayConfig): Record<ServiceName, string[]> {
  return {
    identity: config.IDENTITY_URL,
    catalog: config.CATALOG_URL,
    requests: config.REQUESTS_URL,
    messaging: config.MESSAGING_URL,
    content: config.CONTENT_URL,
    analytics: config.ANALYTICS_URL,
    billing: config.BILLING_URL,
    notifications: config.NOTIFICATIONS_URL,
    search: config.SEARCH_URL,
    media: config.MEDIA_URL,
    ads: config.ADS_URL,
    listening: config.LISTENING_URL,
  };
}
