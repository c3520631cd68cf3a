import { randomBytes } from 'node:crypto';

export interface TestInfra {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  smtpUrl: string;
}

/**
 * Where the real infrastructure for this test run lives. Jest's global setup resolves it; a test
 * started some other way fails here, saying what is missing, rather than silently skipping.
 */
export function testInfra(env: Readonly<Record<string, string | undefined>> = process.env): TestInfra {
  const missing = ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'SMTP_URL'].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} not set: run the tests with \`npm test\` (its global setup starts MongoDB, Kafka, Redis and a mail server) or set them yourself`,
    );
  }
  return {
    mongoUrl: env.MONGO_URL!,
    kafkaBrokers: env.KAFKA_BROKERS!.split(','),
    redisUrl: workerRedisUrl(env.REDIS_URL!, env.JEST_WORKER_ID),
    smtpUrl: env.SMTP_URL!,
  };
}

/**
 * Redis keys are not named per test file the way databases and topics are (a rate limit counts
 * per address, caches key by path), so each jest worker gets a Redis database of its own: suites
 * running side by side never share a key, as one after another never did in the same second.
 */
export function workerRedisUrl(url: string, workerId: string | undefined): string {
  if (!workerId) return url;
  const parsed = new URL(url);
  const base = Number(parsed.pathname.slice(1) || '0');
  const database = base + Number(workerId);
  // Redis's default `databases 16`.
  if (database > 15)
    throw new Error(`jest worker ${workerId} has no Redis database of its own: run fewer workers`);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A name no other test (or earlier run) uses, for databases, topics and consumer groups. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}
