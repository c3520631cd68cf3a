import express from 'express';
import request from 'supertest';
import { Types } from 'mongoose';
import { createEvent, sessionKeys } from '@podz/proto';
import { loadConfig } from '../src/config/load-config';
import { serviceConfig } from '../src/config/service-config';
import { on } from '../src/events/event-consumer';
import { withEvents } from '../src/events/outbox';
import { handle } from '../src/http/validation';
import { startService, type RunningService } from '../src/service/start-service';
import { testServiceEnv, testToken, testTopic, uniqueName } from '../src/testing';
import { requireAuth } from '../src/auth/auth-middleware';
import { SessionRevocations } from '../src/auth/session-revocations';
import { widgetCreated, widgetModel } from './fixtures/widget';
import { messageCount, waitFor } from './helpers';

const topic = uniqueName('test.widget.service');
// The service names it on the broker with this test file's namespace.
const onBroker = testTopic(topic);
let service: RunningService;

beforeAll(async () => {
  const config = loadConfig(serviceConfig({ port: 0, database: 'unused' }), testServiceEnv('kit_service'));
  service = await startService({
    name: 'widgets',
    config,
    topics: [topic],
    setup: ({ db, relay }) => {
      const Widget = widgetModel(db);
      const definition = widgetCreated(topic);
      const router = express.Router();
      router.post(
        '/widgets',
        requireAuth,
        handle({}, async () => {
          const widget = await Widget.create({ name: 'made over HTTP' });
          const event = createEvent(definition, widget.id, { name: widget.name });
          await Widget.updateOne({ _id: widget._id }, withEvents({}, [{ topic, envelope: event }]));
          relay.kick();
          return { id: widget.id };
        }),
      );
      // A group of its own, so that the start-up probe has a join to wait for.
      const consumers = [
        { groupId: uniqueName('widgets'), subscriptions: [on(definition, async () => undefined)] },
      ];
      return { routes: [router], aggregates: [Widget], consumers };
    },
  });
});

afterAll(async () => {
  await service?.context.db.dropDatabase();
  await service?.stop();
});

describe('a service started by the kit', () => {
  it('is live and ready once MongoDB, Kafka and Redis answer', async () => {
    await request(service.url).get('/healthz').expect(200, { status: 'ok', service: 'widgets' });
    const ready = await request(service.url).get('/readyz').expect(200);
    expect(ready.body.checks).toEqual({ mongo: 'up', kafka: 'up', redis: 'up' });
  });

  it('counts as started once every consumer group has been joined', async () => {
    await Promise.all(service.consumers.map((consumer) => consumer.ready()));
    await request(service.url).get('/startedz').expect(200, { status: 'started', service: 'widgets' });
  });

  it('creates the topics it publishes to, with their dead-letter topics', async () => {
    const admin = service.context.kafka.admin();
    await admin.connect();
    const topics = await admin.listTopics();
    await admin.disconnect();
    expect(topics).toEqual(expect.arrayContaining([onBroker, `${onBroker}.dlq`]));
  });

  it('verifies the caller itself, revocation included, and publishes what a request recorded', async () => {
    const userId = new Types.ObjectId().toHexString();
    const token = `Bearer ${testToken({ id: userId, sessionVersion: 1 })}`;
    await request(service.url).post('/widgets').expect(401);
    // No session version recorded for the user: the service fails closed, as the gateway does.
    await request(service.url).post('/widgets').set('authorization', token).expect(401);
    const revocations = new SessionRevocations(service.context.redis);
    await revocations.recordVersion(userId, 2);
    await request(service.url).post('/widgets').set('authorization', token).expect(401);
    await service.context.redis.set(sessionKeys.version(userId), '1');
    const res = await request(service.url).post('/widgets').set('authorization', token).expect(200);
    expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
    const admin = service.context.kafka.admin();
    await admin.connect();
    await waitFor(async () => (await messageCount(admin, onBroker)) === 1, 'the widget event', 5000);
    await admin.disconnect();
  });

  it('stops cleanly, once, however often it is asked', async () => {
    const config = loadConfig(serviceConfig({ port: 0, database: 'unused' }), testServiceEnv('kit_stop'));
    const other = await startService({ name: 'short-lived', config });
    await request(other.url).get('/healthz').expect(200);
    await Promise.all([other.stop(), other.stop()]);
    await expect(fetch(`${other.url}/healthz`)).rejects.toThrow();
  });

  it('fails to start, saying why, when the store cannot be reached', async () => {
    const config = loadConfig(
      serviceConfig({ port: 0, database: 'unused' }),
      testServiceEnv('kit_bad', { MONGO_URL: 'mongodb://127.0.0.1:1', STARTUP_RETRY_MS: '1500' }),
    );
    const started = Date.now();
    const failing = startService({ name: 'no-store', config: config });
    await expect(failing).rejects.toThrow(/could not connect to MongoDB at mongodb:\/\/127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
