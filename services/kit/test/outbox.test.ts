import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Admin } from 'kafkajs';
import type { Connection } from 'mongoose';
import { createEvent, envelopeSchema } from '@podz/proto';
import { testInfra, uniqueName, readTopic } from '../src/testing';
import { createKafka, ensureTopics } from '../src/events/kafka-client';
import { EventProducer } from '../src/events/event-producer';
import { OutboxRelay } from '../src/events/outbox-relay';
import { newWithEvents, THIS_PROCESS, withEvents } from '../src/events/outbox';
import { createLogger } from '../src/logging/logger';
import { connectMongo } from '../src/mongo/connect-mongo';
import { widgetCreated, widgetModel } from './fixtures/widget';
import { messageCount, waitFor } from './helpers';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const infra = testInfra();
const logger = createLogger('outbox-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const kafka = createKafka('outbox-test', infra.kafkaBrokers, logger);
let admin: Admin;
let producer: EventProducer;
let db: Connection;
const database = uniqueName('test_kit_outbox');

beforeAll(async () => {
  admin = kafka.admin();
  await admin.connect();
  producer = new EventProducer(kafka);
  await producer.connect();
  db = await connectMongo({ url: infra.mongoUrl, database, logger });
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
  await producer.disconnect();
  await admin.disconnect();
});

describe('the embedded outbox', () => {
  it('publishes an event exactly once after the writing process died before its relay ran', async () => {
    const topic = uniqueName('test.widget.crash');
    await ensureTopics(admin, [topic]);

    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures', 'record-and-exit.ts')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, MONGO_DB: database, TOPIC: topic },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    if (child.status !== 0) throw new Error(`the writing process failed:\n${child.stderr}`);
    const { widgetId, eventId } = JSON.parse(child.stdout.trim().split('\n').at(-1)!);

    const Widget = widgetModel(db);
    const pending = await Widget.findById(widgetId).select('+outbox +outboxPending').lean();
    expect(pending?.outbox).toHaveLength(1);
    expect(await messageCount(admin, topic)).toBe(0);

    // The "restart": a new relay over the same database publishes what was left behind. The
    // writer never ran a relay, so nothing says it was alive: its events are swept up.
    const relay = new OutboxRelay(producer, logger, { pollMs: 100, sweepMs: 100, takeOverAfterMs: 1000 });
    relay.watch(Widget);
    relay.start();
    await waitFor(async () => (await messageCount(admin, topic)) >= 1, 'the pending event on the topic');
    await relay.stop();
    expect(await relay.flush()).toBe(0);

    expect(await messageCount(admin, topic)).toBe(1);
    const [message] = await readTopic(infra.kafkaBrokers, topic, { until: (m) => m.length >= 1 });
    const envelope = envelopeSchema.parse(JSON.parse(message!.value!));
    expect(envelope).toMatchObject({
      id: eventId,
      type: 'podz.test.widget.created',
      subject: widgetId,
      data: { name: 'crash-test' },
    });
    expect(message!.key).toBe(widgetId);

    const published = await Widget.findById(widgetId).select('+outbox +outboxPending').lean();
    expect(published?.outbox).toEqual([]);
    expect(published?.outboxPending).toBe(false);
  });

  it('records state and events in one write, publishes on kick, and never serialises the outbox', async () => {
    const topic = uniqueName('test.widget.update');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    const relay = new OutboxRelay(producer, logger, { pollMs: 60_000 });
    relay.watch(Widget);
    relay.start();

    const widget = await Widget.create({ name: 'before' });
    const events = ['a', 'b', 'c'].map((name) => ({
      topic,
      envelope: createEvent(definition, widget.id, { name }),
    }));
    await Widget.updateOne({ _id: widget._id }, withEvents({ $set: { name: 'after' } }, events));
    const stored = await Widget.findById(widget._id).select('+outbox');
    expect(stored?.name).toBe('after');
    expect(JSON.stringify(stored)).not.toContain('outbox');

    relay.kick();
    await waitFor(async () => (await messageCount(admin, topic)) === 3, 'three events after a kick', 5000);
    await relay.stop();
    const messages = await readTopic(infra.kafkaBrokers, topic, { until: (m) => m.length >= 3 });
    // Same aggregate, same key, same partition: order is kept.
    expect(messages.map((m) => JSON.parse(m.value!).data.name)).toEqual(['a', 'b', 'c']);
  });

  it('reads only the collection a kick names, and every collection once per poll however busy', async () => {
    const kickedTopic = uniqueName('test.widget.kicked');
    const quietTopic = uniqueName('test.widget.quiet');
    await ensureTopics(admin, [kickedTopic, quietTopic]);
    const Kicked = widgetModel(db, 'KickedWidget');
    const Quiet = widgetModel(db, 'QuietWidget');
    const relay = new OutboxRelay(producer, logger, { pollMs: 1500 });
    relay.watch(Kicked);
    relay.watch(Quiet);
    relay.start();
    const record = async (Model: typeof Kicked, topic: string) => {
      const event = { topic, envelope: createEvent(widgetCreated(topic), 'w', { name: 'w' }) };
      await Model.create(newWithEvents({ name: 'w' }, [event]));
    };
    // The first pass, at start, reads every collection; what follows is written after it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await record(Quiet, quietTopic);
    await record(Kicked, kickedTopic);
    relay.kick(Kicked);
    await waitFor(
      async () => (await messageCount(admin, kickedTopic)) === 1,
      'the kicked collection’s event',
    );
    expect(await messageCount(admin, quietTopic)).toBe(0);
    // Kicks keep coming for the one collection; the poll still reaches the other within its interval.
    const started = Date.now();
    const busy = setInterval(() => void record(Kicked, kickedTopic).then(() => relay.kick(Kicked)), 50);
    try {
      await waitFor(
        async () => (await messageCount(admin, quietTopic)) === 1,
        'the quiet collection’s event',
      );
    } finally {
      clearInterval(busy);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    await relay.stop();
  });

  it('keeps events that arrive while a relay holds the lease, for the next round', async () => {
    const topic = uniqueName('test.widget.lease');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    const widget = await Widget.create({ name: 'leased' });
    const first = { topic, envelope: createEvent(definition, widget.id, { name: 'first' }) };
    await Widget.updateOne({ _id: widget._id }, withEvents({}, [first]));
    // Another instance holds the lease: this relay leaves the document alone.
    await Widget.collection.updateOne(
      { _id: widget._id },
      { $set: { outboxLeaseUntil: new Date(Date.now() + 60_000) } },
    );
    const relay = new OutboxRelay(producer, logger, { pollMs: 100 });
    relay.watch(Widget);
    expect(await relay.flush()).toBe(0);
    const second = { topic, envelope: createEvent(definition, widget.id, { name: 'second' }) };
    await Widget.updateOne({ _id: widget._id }, withEvents({}, [second]));
    // That instance died: its lease runs out, and this relay takes over everything pending.
    await Widget.collection.updateOne(
      { _id: widget._id },
      { $set: { outboxLeaseUntil: new Date(Date.now() - 1) } },
    );
    relay.start();
    await waitFor(async () => (await messageCount(admin, topic)) === 2, 'both events once the lease expired');
    await relay.stop();
    expect(await messageCount(admin, topic)).toBe(2);
  });

  it('loses no event and no state change when writes land while the relay is publishing', async () => {
    const topic = uniqueName('test.widget.busy');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    const relay = new OutboxRelay(producer, logger, { pollMs: 20 });
    relay.watch(Widget);
    relay.start();
    const widget = await Widget.create({ name: 'busy' });
    const names = Array.from({ length: 40 }, (_, i) => `write-${i}`);
    // One write after another, each kicking the relay, as a service handling requests does.
    for (const name of names) {
      const event = { topic, envelope: createEvent(definition, widget.id, { name }) };
      await Widget.updateOne({ _id: widget._id }, withEvents({ $set: { name } }, [event]));
      relay.kick();
    }
    await waitFor(async () => (await messageCount(admin, topic)) >= names.length, 'every event');
    await relay.stop();
    const messages = await readTopic(infra.kafkaBrokers, topic, { until: (m) => m.length >= names.length });
    expect(messages.map((m) => JSON.parse(m.value!).data.name)).toEqual(names);
    expect((await Widget.findById(widget._id).lean())?.name).toBe(names.at(-1));
  });

  it('publishes each event once when two relays claim the same backlog of several batches side by side', async () => {
    const topic = uniqueName('test.widget.shared');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    // More than two batches of a pass (500 documents each).
    const names = Array.from({ length: 1_200 }, (_, i) => `shared-${i}`);
    await Widget.insertMany(
      names.map((name) => {
        const event = { topic, envelope: createEvent(definition, name, { name }) };
        return newWithEvents({ name }, [event]);
      }),
    );
    // Two instances of a service take over what a third left behind: their claims overlap, each
    // lease decides who publishes what.
    const relays = [0, 1].map(
      (n) =>
        new OutboxRelay(producer, logger, { pollMs: 60_000, owner: `instance-${n}`, takeOverAfterMs: 0 }),
    );
    relays.forEach((relay) => relay.watch(Widget));
    const published = await Promise.all(relays.map((relay) => relay.flush()));
    expect(published[0]! + published[1]!).toBe(names.length);
    const messages = await readTopic(infra.kafkaBrokers, topic, { until: (m) => m.length >= names.length });
    expect(messages.map((m) => JSON.parse(m.value!).data.name).sort()).toEqual([...names].sort());
    expect(await Widget.countDocuments({ name: /^shared-/, outboxPending: true })).toBe(0);
  });

  it("leaves a live relay's events to it however long they wait, and takes over a silent one's", async () => {
    const topic = uniqueName('test.widget.owner');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    const signs = db.collection('outbox_relays');
    const signAt = (aliveAt: Date) =>
      signs.updateOne({ _id: THIS_PROCESS as never }, { $set: { aliveAt } }, { upsert: true });
    const event = (name: string) => ({ topic, envelope: createEvent(definition, 'w-owner', { name }) });
    const widget = await Widget.create(newWithEvents({ name: 'owned' }, [event('first')]));
    // This process's relay is behind: its event has waited a minute, but the relay is alive.
    await Widget.collection.updateOne(
      { _id: widget._id },
      { $set: { outboxAt: new Date(Date.now() - 60_000) } },
    );
    await signAt(new Date());
    const another = new OutboxRelay(producer, logger, { pollMs: 60_000, owner: 'another-instance' });
    another.watch(Widget);
    const own = new OutboxRelay(producer, logger, { pollMs: 60_000 });
    own.watch(Widget);

    expect(await another.flush()).toBe(0);
    expect(await Widget.collection.findOne({ _id: widget._id })).not.toHaveProperty('outboxLeaseToken');
    expect(await own.flush()).toBe(1);
    const published = await Widget.collection.findOne({ _id: widget._id });
    expect(published).toMatchObject({ outbox: [], outboxPending: false });
    expect(published).not.toHaveProperty('outboxLeaseToken');

    // This process records another event, and its relay falls silent (as if it died).
    await Widget.updateOne({ _id: widget._id }, withEvents({}, [event('left')]));
    await signAt(new Date(Date.now() - 60_000));
    expect(await another.flush()).toBe(1);
    const messages = await readTopic(infra.kafkaBrokers, topic, { until: (m) => m.length >= 2 });
    expect(messages.map((m) => JSON.parse(m.value!).data.name)).toEqual(['first', 'left']);
    // Nothing of the silent relay is left: it is forgotten.
    expect(await signs.findOne({ _id: THIS_PROCESS as never })).toBeNull();
  });

  it('signs at every tick of its clock while a busy process runs the ticks late', async () => {
    const Widget = widgetModel(db);
    const owner = uniqueName('busy-instance');
    const relay = new OutboxRelay(producer, logger, { pollMs: 60_000, owner, takeOverAfterMs: 1_500 });
    relay.watch(Widget);
    // Timers that burn up to 40 ms each, every few milliseconds: the relay's ticks run late.
    const busy = setInterval(() => {
      const start = performance.now();
      while (performance.now() - start < Math.random() * 40);
    }, 7);
    const signs: number[] = [];
    relay.start();
    try {
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        const sign = await db.collection('outbox_relays').findOne({ _id: owner as never });
        const at = (sign?.aliveAt as Date | undefined)?.getTime();
        if (at && at !== signs[signs.length - 1]) signs.push(at);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      clearInterval(busy);
      await relay.stop();
    }
    const gaps = signs.slice(1).map((at, n) => at - signs[n]!);
    // A sign every 500 ms, each as late as the busy timers make it; a tick skipped is 1,000 ms.
    expect(gaps.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...gaps)).toBeLessThan(850);
  });

  it('loses no event when two relays take turns at a document written all along', async () => {
    const topic = uniqueName('test.widget.turns');
    await ensureTopics(admin, [topic]);
    const definition = widgetCreated(topic);
    const Widget = widgetModel(db);
    const widget = await Widget.create({ name: 'turns' });
    // One relay owns the writes; the other takes over whatever waits at all, so they overlap.
    const relays = [
      new OutboxRelay(producer, logger, { pollMs: 5 }),
      new OutboxRelay(producer, logger, {
        pollMs: 5,
        owner: 'another-instance',
        takeOverAfterMs: 0,
        leaseMs: 1,
      }),
    ];
    relays.forEach((relay) => {
      relay.watch(Widget);
      relay.start();
    });
    const names = Array.from({ length: 120 }, (_, i) => `turn-${i}`);
    for (const name of names) {
      const event = { topic, envelope: createEvent(definition, widget.id, { name }) };
      await Widget.updateOne({ _id: widget._id }, withEvents({ $set: { name } }, [event]));
      relays[names.indexOf(name) % 2]!.kick();
    }
    await waitFor(
      async () => (await Widget.collection.countDocuments({ _id: widget._id, outboxPending: true })) === 0,
      'an empty outbox',
    );
    await Promise.all(relays.map((relay) => relay.stop()));
    const messages = await readTopic(infra.kafkaBrokers, topic, {
      until: (m) => new Set(m.map((x) => x.value)).size >= names.length,
    });
    const seen = new Set(messages.map((m) => JSON.parse(m.value!).data.name as string));
    expect([...seen].sort()).toEqual([...names].sort());
  });
});
