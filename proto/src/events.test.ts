import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { renderEventDocs } from './event-docs';
import { createEvent, defineEvent } from './events/define-event';
import { envelopeSchema } from './events/envelope';
import { EVENT_DEFINITIONS } from './events/registry';
import { TOPICS, deadLetterTopic } from './events/topics';

const sample = defineEvent({
  type: 'podz.sample.thing.happened',
  topic: 'sample.thing.v1',
  source: 'sample',
  description: 'A sample event for the contract tests.',
  data: z.object({ name: z.string().min(1) }),
  example: { name: 'example' },
});

describe('event envelope', () => {
  it('is a valid CloudEvents 1.0 envelope with the data the schema accepted', () => {
    const event = createEvent(
      sample,
      '64b7f0c2a1b2c3d4e5f60718',
      { name: 'x' },
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(envelopeSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'podz.sample.thing.happened',
      source: 'sample',
      subject: '64b7f0c2a1b2c3d4e5f60718',
      time: '2026-01-02T03:04:05.000Z',
      specversion: '1.0',
      datacontenttype: 'application/json',
      data: { name: 'x' },
    });
  });

  it('refuses to create an event whose data breaks its schema', () => {
    expect(() => createEvent(sample, 'id', { name: '' })).toThrow();
  });

  it('refuses event types outside the podz namespace', () => {
    expect(() => defineEvent({ ...sample, type: 'other.thing' })).toThrow(/must start with podz\./);
  });

  it('rejects envelopes missing CloudEvents fields', () => {
    const event = createEvent(sample, 'id', { name: 'x' });
    const { specversion: _omitted, ...withoutVersion } = event;
    expect(envelopeSchema.safeParse(withoutVersion).success).toBe(false);
    expect(envelopeSchema.safeParse({ ...event, id: 'not-a-uuid' }).success).toBe(false);
  });
});

describe('event registry', () => {
  it('has unique types, each with an example its schema accepts, on a known topic', () => {
    const types = EVENT_DEFINITIONS.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
    for (const definition of EVENT_DEFINITIONS) {
      expect(definition.data.safeParse(definition.example).success).toBe(true);
      expect(Object.values(TOPICS)).toContain(definition.topic);
    }
  });

  it('names dead-letter topics after their topic', () => {
    expect(deadLetterTopic(TOPICS.catalogPodcast)).toBe('catalog.podcast.v1.dlq');
  });

  it('documents every event in proto/EVENTS.md (regenerate with npm run events:docs)', () => {
    const committed = readFileSync(path.resolve(__dirname, '..', 'EVENTS.md'), 'utf8');
    expect(committed).toBe(renderEventDocs(EVENT_DEFINITIONS));
  });

  it('renders each event with its schema and example', () => {
    const docs = renderEventDocs([sample]);
    expect(docs).toContain('### `podz.sample.thing.happened`');
    expect(docs).toContain('"minLength": 1');
    expect(docs).toContain('"name": "example"');
  });
});
