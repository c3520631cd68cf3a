import { createServer, type Server } from 'node:http';
import type { Express, Router } from 'express';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { RecordStreamDefinition } from '@podz/proto';
import { authenticate } from '../auth/auth-middleware';
import { tableAccess } from '../auth/table-access';
import { SessionRevocations } from '../auth/session-revocations';
import type { ServiceConfig } from '../config/service-config';
import { createKafka, ensureStreamTopic, ensureTopics } from '../events/kafka-client';
import type { RecordConsumer } from '../events/record-consumer';
import type { RecordStream } from '../events/record-stream';
import { EventConsumer, type Subscription } from '../events/event-consumer';
import { EventProducer } from '../events/event-producer';
import { HandledEvents } from '../events/handled-events';
import { OutboxRelay, type WatchedModel } from '../events/outbox-relay';
import { createHttpApp, jsonBodies, requestMechanics } from '../http/create-app';
import { directLane, type DirectRoutes } from '../http/direct-routes';
import { answerUnparsableRequests, closeServer, listen } from '../http/server-lifecycle';
import { createLogger, type Logger } from '../logging/logger';
import { connectMongo, pingMongo } from '../mongo/connect-mongo';
import { closeRedis, connectRedis, type RedisOptions } from '../redis/connect-redis';
import type { PeriodicTask } from './periodic-task';

/** What a service's own code gets to build its routes, use cases and repositories with. */
export interface ServiceContext<C extends ServiceConfig = ServiceConfig> {
  name: string;
  config: C;
  logger: Logger;
  db: Connection;
  redis: Redis;
  kafka: Kafka;
  producer: EventProducer;
  relay: OutboxRelay;
}

export interface ConsumerGroup {
  groupId?: string;
  subscriptions: Subscription[];
  /**
   * Every handler is harmless to run twice on its own (it places again from the store, or counts
   * once by event id): the group keeps no handled-event records, two store statements less per
   * event. Leave it off for handlers that change state by the event's content.
   */
  idempotentHandlers?: boolean;
}

/** What a service plugs into the shared process. */
export interface ServiceParts {
  routes?: Router[];
  /** Routes of `routes` also answered ahead of Express: the hot public reads (kit's direct-routes). */
  direct?: DirectRoutes;
  /** Aggregates whose outbox the relay publishes. */
  aggregates?: WatchedModel[];
  /** One consumer group per entry; the group id defaults to the service name. */
  consumers?: ConsumerGroup[];
  /**
   * Called with the HTTP server before it listens (Socket.IO attaches here). What it returns runs
   * first on shutdown, before the server stops accepting: long-lived connections close themselves.
   */
  attach?: (server: Server) => void | (() => Promise<void>) | Promise<void | (() => Promise<void>)>;
  /** Record streams this service sends to: connected at start, flushed once HTTP has closed. */
  streams?: Pick<RecordStream<unknown>, 'connect' | 'stop'>[];
  /** Record streams this service reads, in batches; started and stopped beside the consumers. */
  recordConsumers?: RecordConsumer<RecordStreamDefinition>[];
  /**
   * Work on a clock or a queue (PeriodicTask, JobWorker): started once consumers run; stopped (a run
   * in progress finished or handed back) right after HTTP closes.
   */
  tasks?: Pick<PeriodicTask, 'start' | 'stop'>[];
  /** Called on shutdown after HTTP, consumers and the relay have stopped, before the producer, Redis and MongoDB disconnect. */
  beforeStop?: () => Promise<void>;
}

export interface ServiceDefinition<C extends ServiceConfig> {
  name: string;
  config: C;
  /** Topics this service publishes to; created with their dead-letter topics at start. */
  topics?: readonly string[];
  /** Record streams this service sends or reads; their topics are created with their retention. */
  recordStreams?: readonly RecordStreamDefinition[];
  setup?: (context: ServiceContext<C>) => ServiceParts | Promise<ServiceParts>;
  logger?: Logger;
  /** How the service's Redis client behaves (kit `connectRedis`). */
  redis?: RedisOptions;
}

export interface RunningService<C extends ServiceConfig = ServiceConfig> {
  app: Express;
  server: Server;
  port: number;
  url: string;
  context: ServiceContext<C>;
  consumers: EventConsumer[];
  recordConsumers: RecordConsumer<RecordStreamDefinition>[];
  stop(): Promise<void>;
}

/**
 * Starts a service in a fixed order: store, cache, broker, the service's own parts, the outbox
 * relay (which first publishes anything a crash left behind), consumers, and only then HTTP.
 * `stop()` reverses it: stop accepting, drain requests, stop consuming, flush the outbox, disconnect.
 */
export async function startService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<RunningService<C>> {
  const { name, config } = definition;
  const logger = definition.logger ?? createLogger(name, config.LOG_LEVEL);
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((err) => logger.warn({ err }, 'shutdown step failed'));
  };

  try {
    const db = await connectMongo({
      url: config.MONGO_URL,
      database: config.MONGO_DB,
      logger,
      retryForMs: config.STARTUP_RETRY_MS,
    });
    cleanups.push(() => db.close());
    const redis = await connectRedis(config.REDIS_URL, logger, definition.redis);
    cleanups.push(() => closeRedis(redis));
    const kafka = createKafka(name, config.KAFKA_BROKERS, logger);
    const admin = kafka.admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    const namespace = config.KAFKA_NAMESPACE;
    const producer = new EventProducer(kafka, namespace);
    await producer.connect();
    cleanups.push(() => producer.disconnect());
    const relay = new OutboxRelay(producer, logger, { pollMs: config.OUTBOX_POLL_MS });
    const context: ServiceContext<C> = { name, config, logger, db, redis, kafka, producer, relay };

    const parts = (await definition.setup?.(context)) ?? {};
    if (parts.beforeStop) cleanups.push(parts.beforeStop);
    const handled = new HandledEvents(db);
    const consumers = (parts.consumers ?? []).map(
      (entry) =>
        new EventConsumer({
          kafka,
          groupId: namespace + (entry.groupId ?? name),
          subscriptions: entry.subscriptions,
          namespace,
          handled: entry.idempotentHandlers ? undefined : handled,
          producer,
          logger,
        }),
    );
    await ensureTopics(admin, [
      ...(definition.topics ?? []).map((topic) => namespace + topic),
      ...consumers.flatMap((c) => c.topics),
    ]);

    for (const stream of definition.recordStreams ?? [])
      await ensureStreamTopic(admin, namespace + stream.topic, stream);
    for (const stream of parts.streams ?? []) await stream.connect();
    // Registered before HTTP closes, so it runs after: what the last responses recorded is sent.
    cleanups.push(() => Promise.all((parts.streams ?? []).map((stream) => stream.stop())));

    for (const aggregate of parts.aggregates ?? []) relay.watch(aggregate);
    relay.start();
    cleanups.push(() => relay.stop());
    const recordConsumers = parts.recordConsumers ?? [];
    let joining = consumers.length + recordConsumers.length;
    for (const consumer of [...consumers, ...recordConsumers]) {
      await consumer.start();
      void consumer.ready().then(() => (joining -= 1));
    }
    // Side by side: each may wait out a fetch in flight (up to kafkajs's 5 s) before it leaves.
    cleanups.push(() => Promise.all([...consumers, ...recordConsumers].map((consumer) => consumer.stop())));
    for (const task of parts.tasks ?? []) task.start();
    cleanups.push(() => Promise.all((parts.tasks ?? []).map((task) => task.stop())));

    const mechanics = requestMechanics({ name, logger });
    // Who may call what, from proto's route table: the same rules the gateway applies.
    const before = [authenticate(config.JWT_PUBLIC_KEY, new SessionRevocations(redis)), tableAccess(name)];
    const app = createHttpApp({
      name,
      logger,
      mechanics,
      bodyLimit: config.BODY_LIMIT,
      before,
      routes: parts.routes ?? [],
      direct: parts.direct,
      readiness: {
        mongo: () => pingMongo(db),
        kafka: () => admin.describeCluster(),
        redis: () => redis.ping(),
      },
      joining: () => joining,
    });
    const direct =
      parts.direct &&
      directLane(
        parts.direct,
        { mechanics: mechanics.handlers, bodies: jsonBodies(config.BODY_LIMIT), before },
        logger,
      );
    const server = createServer(direct ? (req, res) => direct(req, res) || app(req, res) : app);
    answerUnparsableRequests(server);
    const detach = await parts.attach?.(server);
    const port = await listen(server, config.PORT);
    cleanups.push(() => closeServer(server, config.SHUTDOWN_TIMEOUT_MS));
    if (detach) cleanups.push(detach);
    logger.info({ port }, `${name} listening`);

    let stopping: Promise<void> | undefined;
    return {
      app,
      server,
      port,
      url: `http://127.0.0.1:${port}`,
      context,
      consumers,
      recordConsumers,
      stop: () => (stopping ??= cleanup().then(() => logger.info(`${name} stopped`))),
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
