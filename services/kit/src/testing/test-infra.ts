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
    redisUrl: env.REDIS_URL!,
    smtpUrl: env.SMTP_URL!,
  };
}

/** A name no other test (or earlier run) uses, for databases, topics and consumer groups. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}
