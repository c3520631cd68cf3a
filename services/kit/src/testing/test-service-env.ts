import { testInfra } from './test-infra';
import { testKeys } from './test-keys';
import { randomBytes } from 'node:crypto';
import { uniqueName } from './test-infra';

/**
 * The topics and consumer groups of this test file. Jest loads modules afresh for each file, so
 * the services one file starts hear each other, and never another file's (whose identity, say,
 * would otherwise share the consumer group and take half the partitions). The run's id (from
 * global setup) leads, so a run's teardown deletes its own topics and never those of a run beside it.
 */
export const TEST_KAFKA_NAMESPACE = `${uniqueName(`t${process.env.PODZ_TEST_RUN ?? ''}`)}.`;

/** A topic as this test file's services name it on the broker. */
export const testTopic = (topic: string) => TEST_KAFKA_NAMESPACE + topic;

/** One per test file: catalog signs private feeds' audio links with it and media checks them. */
const PREMIUM_LINK_SECRET = randomBytes(32).toString('hex');

/**
 * Environment for starting a service in a test: the real infrastructure, a free port, a database
 * of its own, this file's topics, the test key pair, and quiet logs unless TEST_LOG_LEVEL asks otherwise.
 */
export function testServiceEnv(service: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const infra = testInfra();
  return {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueName(`test_${service}`),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: TEST_KAFKA_NAMESPACE,
    REDIS_URL: infra.redisUrl,
    SMTP_URL: infra.smtpUrl,
    JWT_PUBLIC_KEY: testKeys().publicKey,
    OUTBOX_POLL_MS: '200',
    SHUTDOWN_TIMEOUT_MS: '2000',
    // Only identity signs sessions, so only identity gets the private key; the lowest bcrypt cost
    // keeps suites that create many accounts fast (the clamp has its own test).
    ...(service === 'identity' ? { JWT_PRIVATE_KEY: testKeys().privateKey, BCRYPT_COST: '4' } : {}),
    // Redis's channels are shared by every database: messaging's socket adapter and the bell's
    // emitter talk on channels of this file's own.
    ...(service === 'messaging' || service === 'notifications' || service === 'media'
      ? { SOCKET_REDIS_PREFIX: `podz:socket.io:${TEST_KAFKA_NAMESPACE}` }
      : {}),
    ...(service === 'notifications' ? { NOTIFICATIONS_LINK_SECRET: randomBytes(32).toString('hex') } : {}),
    ...(service === 'analytics' ? { ADS_REPORT_SECRET: randomBytes(32).toString('hex') } : {}),
    ...(service === 'catalog' || service === 'media' ? { PREMIUM_LINK_SECRET } : {}),
    // Beside another suite's stack on a busy machine, a niced ffmpeg gets a tenth of a core and a
    // suite waits minutes for its renditions; the niceness has a test of its own.
    ...(service === 'media' ? { MEDIA_JOB_NICENESS: '0' } : {}),
    ...overrides,
  };
}
