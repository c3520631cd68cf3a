import { Kafka, logLevel } from 'kafkajs';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { stopComponentsStartedBy } from '../../services/kit/src/testing/optional-component';

// The names this run's test files give their topics (kit's TEST_KAFKA_NAMESPACE):
// `t<run>_<time>_<random>.`. Another run on the same broker (a CI clone beside a working copy) has
// another run id, so its topics are left alone while its tests still use them.
const runTopic = (run: string) => new RegExp(`^t${run}_[0-9a-z]+_[0-9a-f]{6}\\.`);

/**
 * Stops only what global setup started; infrastructure that was already running stays up, and
 * loses the topics this run's test files made, so a long-lived local broker does not pile them up.
 */
export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as { __PODZ_INFRA__?: ResolvedInfra }).__PODZ_INFRA__;
  if (process.env.PODZ_KEEP_INFRA === '1') return;
  // A broker this run started goes away whole; one that was running keeps only what it had.
  const run = process.env.PODZ_TEST_RUN;
  // OpenSearch or SeaweedFS, when a suite started one: the suites beside and after it used it too.
  if (run) stopComponentsStartedBy(run);
  if (infra && run && !infra.components.kafka.stop) {
    await deleteTestTopics(infra.endpoints.KAFKA_BROKERS, runTopic(run));
  }
  await infra?.stop();
}

async function deleteTestTopics(brokers: string, ours: RegExp): Promise<void> {
  const admin = new Kafka({
    clientId: 'test-teardown',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => ours.test(topic));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 30_000 });
  } catch (err) {
    process.stdout.write(`  could not delete test topics: ${String(err)}\n`);
  } finally {
    await admin.disconnect();
  }
}
