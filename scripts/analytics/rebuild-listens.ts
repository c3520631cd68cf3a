/**
 * `npm run analytics:rebuild`: applies the whole listen stream into a fresh generation of rollups,
 * beside the one analytics serves, and says how to switch. Reads the same environment as the
 * analytics service (MONGO_DB names the database, LISTEN_GENERATION the generation served now).
 *
 * The new generation's consumer group is the one analytics itself uses for it, so once analytics
 * runs with `LISTEN_GENERATION=<new>` it carries on from where this stopped: nothing is applied
 * twice (and applying twice would change nothing anyway).
 */
import { Redis } from 'ioredis';
import {
  createKafka,
  createLogger,
  ensureStreamTopic,
  EventProducer,
  loadConfig,
} from '../../services/kit/src';
import { catalogListens } from '../../proto/src';
import { rollupPrefix } from '../../services/analytics/src/analytics-service';
import { applyListenStream, listenGroupId } from '../../services/analytics/src/consumers/apply-listen-stream';
import { analyticsConfigSchema } from '../../services/analytics/src/config';
import { ListenRollups } from '../../services/analytics/src/data/listen-rollups';
import { UserAgents } from '../../services/kit/src/listens/user-agents';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  // It gives no report links: the secret that signs them is analytics' alone.
  const config = loadConfig(analyticsConfigSchema.omit({ ADS_REPORT_SECRET: true }), process.env);
  const logger = createLogger('rebuild', config.LOG_LEVEL);
  const generation = config.LISTEN_GENERATION + 1;
  const database = config.MONGO_DB;
  const prefix = rollupPrefix(database, generation);
  const redis = new Redis(config.REDIS_URL);
  const kafka = createKafka('analytics-rebuild', config.KAFKA_BROKERS, logger);
  const admin = kafka.admin();
  await admin.connect();
  const topic = config.KAFKA_NAMESPACE + catalogListens.topic;
  await ensureStreamTopic(admin, topic, catalogListens);
  const producer = new EventProducer(kafka, config.KAFKA_NAMESPACE);
  await producer.connect();
  const deps = { rollups: new ListenRollups(redis, prefix), agents: new UserAgents(), dropped: new Map() };
  const groupId = listenGroupId(config.KAFKA_NAMESPACE, generation);
  const consumer = applyListenStream(
    { kafka, logger, producer, namespace: config.KAFKA_NAMESPACE, generation },
    deps,
  );
  const ends = await admin.fetchTopicOffsets(topic);
  const total = ends.reduce((sum, end) => sum + Number(end.high) - Number(end.low), 0);
  console.log(`rebuilding generation ${generation} (${prefix}) from ${total} records on ${topic}`);
  const started = performance.now();
  await consumer.start();
  for (;;) {
    await sleep(1000);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const lag = ends.reduce((sum, end) => {
      const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
      return sum + Math.max(0, Number(end.high) - Math.max(Number(end.low), Number(at)));
    }, 0);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  ${consumer.applied} applied, ${lag} to go, ${(consumer.applied / seconds).toFixed(0)} records/s   `,
    );
    if (lag === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\ndone: ${consumer.applied} records in ${seconds.toFixed(1)} s (${(consumer.applied / seconds).toFixed(0)} records/s)`,
  );
  console.log(`dropped by the rules: ${JSON.stringify(Object.fromEntries(deps.dropped))}`);
  console.log(
    `next: run analytics with LISTEN_GENERATION=${generation}; once it serves, delete ${rollupPrefix(database, config.LISTEN_GENERATION)}:*`,
  );
  await consumer.stop();
  await producer.disconnect();
  await admin.disconnect();
  await redis.quit();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
