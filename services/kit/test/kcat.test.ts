import { spawnSync } from 'node:child_process';
import { createEvent, envelopeSchema } from '@podz/proto';
import { testInfra, uniqueName } from '../src/testing';
import { EventProducer } from '../src/events/event-producer';
import { createKafka, ensureTopics } from '../src/events/kafka-client';
import { createLogger } from '../src/logging/logger';
import { widgetCreated } from './fixtures/widget';

const infra = testInfra();

function kcat(args: string[]) {
  const result = spawnSync('kcat', args, { encoding: 'utf8', timeout: 30_000 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'kcat is not installed: `npm run infra:up` (deploy/local) installs it from the OS packages',
    );
  }
  return result;
}

describe('events seen from outside', () => {
  it('are JSON CloudEvents envelopes that kcat, a non-Node client, reads', async () => {
    const logger = createLogger('kcat-test', 'silent');
    const kafka = createKafka('kcat-test', infra.kafkaBrokers, logger);
    const admin = kafka.admin();
    await admin.connect();
    const topic = uniqueName('test.widget.kcat');
    await ensureTopics(admin, [topic]);
    await admin.disconnect();
    const producer = new EventProducer(kafka);
    await producer.connect();
    const event = createEvent(widgetCreated(topic), '64b7f0c2a1b2c3d4e5f60718', { name: 'seen by kcat' });
    await producer.publish([{ topic, envelope: event }]);
    await producer.disconnect();

    const result = kcat([
      '-b',
      infra.kafkaBrokers[0]!,
      '-C',
      '-t',
      topic,
      '-o',
      'beginning',
      '-e',
      '-q',
      '-f',
      '%k\t%h\t%s\n',
    ]);
    expect(result.status).toBe(0);
    const [key, headers, value] = result.stdout.trim().split('\t');
    expect(key).toBe('64b7f0c2a1b2c3d4e5f60718');
    expect(headers).toContain('content-type=application/cloudevents+json');
    expect(headers).toContain('ce_type=podz.test.widget.created');
    expect(envelopeSchema.parse(JSON.parse(value!))).toEqual(event);
  });
});
