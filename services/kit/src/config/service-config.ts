import { z } from 'zod';

/** A PEM key from the environment; orchestrators often pass newlines as a literal `\n`. */
export const pemKey = z
  .string({ error: 'is required (PEM)' })
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .refine((value) => value.startsWith('-----BEGIN '), { error: 'must be a PEM key' });

const port = z.coerce.number().int().min(0).max(65535);
const brokerList = z
  .string({ error: 'is required (host:port[,host:port])' })
  .transform((value) =>
    value
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  )
  .refine((brokers) => brokers.length > 0, { error: 'needs at least one broker' });

/**
 * Where another process is reached: one base URL, or several instances separated by commas (the
 * gateway and search take them in turn and pass over one that fails).
 */
export const serviceUrls = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a URL, or several separated by commas' })).min(1));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What every service reads; each service extends it with its own port, database and extras. */
export const serviceConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  MONGO_URL: z.string({ error: 'is required (mongodb://host:port)' }).startsWith('mongodb'),
  MONGO_DB: z.string().min(1),
  KAFKA_BROKERS: brokerList,
  /**
   * Put before every topic and consumer group name, so several environments (or test suites) can
   * share one cluster without hearing each other. Empty in a normal deployment.
   */
  KAFKA_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, { error: 'may hold letters, digits, dot, underscore and dash' })
    .default(''),
  REDIS_URL: z.string({ error: 'is required (redis://host:port)' }).startsWith('redis'),
  JWT_PUBLIC_KEY: pemKey,
  BODY_LIMIT: z.string().default('100kb'),
  /** How often the outbox relay looks for events a crash left behind. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** How long start-up keeps retrying a store that is not reachable yet. */
  STARTUP_RETRY_MS: z.coerce.number().int().min(0).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

/** A service's schema: the shared one with its own default port and database name. */
export function serviceConfig(defaults: { port: number; database: string }) {
  return serviceConfigSchema.extend({
    PORT: port.default(defaults.port),
    MONGO_DB: z.string().min(1).default(defaults.database),
  });
}
