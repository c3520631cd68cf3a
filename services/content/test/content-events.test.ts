import request from 'supertest';
import { envelopeSchema, findEventDefinition, TOPICS } from '@podz/proto';
import { readTopic, testInfra, testTopic } from '@podz/kit/testing';
import { bearer, ContentPlatform, type Member } from './support/content-harness';

let platform: ContentPlatform;
let editor: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await ContentPlatform.start();
  editor = await platform.member('editor');
});
afterAll(() => platform?.stop());

async function envelopes(topic: string, subject: string, count: number) {
  const messages = await readTopic(testInfra().kafkaBrokers, testTopic(topic), {
    until: (seen) => seen.filter((message) => message.key === subject).length >= count,
    timeoutMs: 20_000,
  });
  return messages
    .filter((message) => message.key === subject)
    .map((message) => envelopeSchema.parse(JSON.parse(message.value!)));
}

describe('content events', () => {
  it('publishes a page publication, for saves and restores', async () => {
    await api().put('/api/content/pages/about').set(bearer(editor.token)).send({ title: 'One' }).expect(200);
    await api().put('/api/content/pages/about').set(bearer(editor.token)).send({ title: 'Two' }).expect(200);
    await api().post('/api/content/pages/about/versions/1/restore').set(bearer(editor.token)).expect(200);
    const events = await envelopes(TOPICS.contentPage, 'about', 3);
    expect(events.map((event) => event.data)).toEqual([
      { slug: 'about', version: 1, title: 'One', editorId: editor.id, restoredFrom: null },
      { slug: 'about', version: 2, title: 'Two', editorId: editor.id, restoredFrom: null },
      { slug: 'about', version: 3, title: 'One', editorId: editor.id, restoredFrom: 1 },
    ]);
    expect(events.every((event) => event.type === 'podz.content.page.published')).toBe(true);
  });

  it('publishes plan changes, keyed by the plan, valid against proto', async () => {
    const { body: plan } = await api()
      .post('/api/pricing-plans')
      .set(bearer(editor.token))
      .send({ slug: 'evented', name: 'Evented', price: 5 })
      .expect(201);
    await api().put(`/api/pricing-plans/${plan.id}`).set(bearer(editor.token)).send({ price: 6 }).expect(200);
    await api().delete(`/api/pricing-plans/${plan.id}`).set(bearer(editor.token)).expect(204);
    const events = await envelopes(TOPICS.contentPricingPlan, plan.id, 3);
    expect(events.map((event) => event.type)).toEqual([
      'podz.content.pricing-plan.created',
      'podz.content.pricing-plan.changed',
      'podz.content.pricing-plan.deleted',
    ]);
    for (const event of events) {
      expect(findEventDefinition(event.type)!.data.safeParse(event.data).success).toBe(true);
    }
    expect(events[1]!.data).toMatchObject({ planId: plan.id, slug: 'evented', price: 6, active: true });
  });

  it('announces the seeded default plans once', async () => {
    const plans = (await api().get('/api/pricing-plans').expect(200)).body.items as { id: string }[];
    for (const plan of plans) {
      const [created] = await envelopes(TOPICS.contentPricingPlan, plan.id, 1);
      expect(created!.type).toBe('podz.content.pricing-plan.created');
    }
  });
});
