import request from 'supertest';
import { DEFAULT_PLAN, PLAN_LIMITS, pricingPlanListSchema } from '@podz/proto';
import { bearer, ContentPlatform, type Member } from './support/content-harness';

let platform: ContentPlatform;
let editor: Member;
let admin: Member;
let plain: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await ContentPlatform.start();
  [editor, admin, plain] = await Promise.all([
    platform.member('editor'),
    platform.member('admin'),
    platform.member('user', ['user', 'owner', 'host']),
  ]);
});
afterAll(() => platform?.stop());

const publicSlugs = async () =>
  (await api().get('/api/pricing-plans').expect(200)).body.items.map((plan: { slug: string }) => plan.slug);

const studio = {
  slug: 'studio',
  name: 'Studio',
  price: 49.5,
  currency: 'EUR',
  interval: 'year',
  features: ['Ten shows', 'Team seats'],
  limits: { shows: 10, episodesPerShow: null, storageMb: 50_000 },
  order: 5,
};

describe('pricing plans', () => {
  it('starts with the default plans, free first, for anyone', async () => {
    const res = await api().get('/api/pricing-plans').expect(200);
    const { items } = pricingPlanListSchema.parse(res.body);
    expect(items.map((plan) => plan.slug)).toEqual([DEFAULT_PLAN, 'pro', 'network']);
    expect(items[0]).toMatchObject({ price: 0, active: true, currency: 'USD', interval: 'month' });
  });

  it('lets an editor add a plan that then shows on the public read', async () => {
    const created = await api().post('/api/pricing-plans').set(bearer(editor.token)).send(studio).expect(201);
    expect(created.body).toMatchObject({ ...studio, description: '', active: true });
    expect(await publicSlugs()).toEqual([DEFAULT_PLAN, 'pro', 'network', 'studio']);
    const taken = await api().post('/api/pricing-plans').set(bearer(admin.token)).send(studio).expect(409);
    expect(taken.body.error).toBe('A plan named studio already exists');
  });

  it('lets editors change, deactivate and delete plans; the public read follows', async () => {
    const { body: plan } = await api()
      .post('/api/pricing-plans')
      .set(bearer(editor.token))
      .send({ ...studio, slug: 'seasonal', name: 'Seasonal' })
      .expect(201);
    const changed = await api()
      .put(`/api/pricing-plans/${plan.id}`)
      .set(bearer(editor.token))
      .send({ price: 19, features: ['One season'] })
      .expect(200);
    expect(changed.body).toMatchObject({
      slug: 'seasonal',
      price: 19,
      features: ['One season'],
      name: 'Seasonal',
    });

    await api()
      .put(`/api/pricing-plans/${plan.id}`)
      .set(bearer(admin.token))
      .send({ active: false })
      .expect(200);
    expect(await publicSlugs()).not.toContain('seasonal');
    const all = await api().get('/api/pricing-plans/all').set(bearer(editor.token)).expect(200);
    expect(all.body.items.find((item: { slug: string }) => item.slug === 'seasonal')).toMatchObject({
      active: false,
    });

    await api().delete(`/api/pricing-plans/${plan.id}`).set(bearer(editor.token)).expect(204);
    await api().delete(`/api/pricing-plans/${plan.id}`).set(bearer(editor.token)).expect(404);
    await api().put(`/api/pricing-plans/${plan.id}`).set(bearer(editor.token)).send({ price: 1 }).expect(404);
    const after = await api().get('/api/pricing-plans/all').set(bearer(editor.token)).expect(200);
    expect(after.body.items.map((item: { slug: string }) => item.slug)).not.toContain('seasonal');
    // The slug is free again.
    await api()
      .post('/api/pricing-plans')
      .set(bearer(editor.token))
      .send({ ...studio, slug: 'seasonal' })
      .expect(201);
  });

  it('keeps the free plan every user starts on', async () => {
    const all = await api().get('/api/pricing-plans/all').set(bearer(admin.token)).expect(200);
    const free = all.body.items.find((item: { slug: string }) => item.slug === DEFAULT_PLAN);
    const deactivate = await api()
      .put(`/api/pricing-plans/${free.id}`)
      .set(bearer(admin.token))
      .send({ active: false })
      .expect(409);
    expect(deactivate.body.error).toMatch(/cannot be deactivated or deleted/);
    await api().delete(`/api/pricing-plans/${free.id}`).set(bearer(admin.token)).expect(409);
    await api()
      .put(`/api/pricing-plans/${free.id}`)
      .set(bearer(admin.token))
      .send({ name: 'Starter' })
      .expect(200);
    expect(await publicSlugs()).toContain(DEFAULT_PLAN);
  });

  it('refuses plain users and anonymous callers', async () => {
    const pro = (await api().get('/api/pricing-plans').expect(200)).body.items[1];
    await api()
      .post('/api/pricing-plans')
      .set(bearer(plain.token))
      .send({ ...studio, slug: 'mine' })
      .expect(403);
    await api().put(`/api/pricing-plans/${pro.id}`).set(bearer(plain.token)).send({ price: 0 }).expect(403);
    await api().delete(`/api/pricing-plans/${pro.id}`).set(bearer(plain.token)).expect(403);
    await api().get('/api/pricing-plans/all').set(bearer(plain.token)).expect(403);
    await api().post('/api/pricing-plans').send(studio).expect(401);
    expect((await api().get('/api/pricing-plans').expect(200)).body.items[1].price).toBe(pro.price);
  });

  it('validates plans and ids', async () => {
    const cases: [object, RegExp][] = [
      [{ ...studio, slug: 'Has Spaces' }, /plan must be a short lowercase name/],
      [{ ...studio, slug: 'p3', price: 9.999 }, /at most two decimals/],
      [{ ...studio, slug: 'p4', price: -1 }, /cannot be negative/],
      [{ ...studio, slug: 'p5', currency: 'BTC' }, /currency must be one of/],
      [{ ...studio, slug: 'p6', interval: 'week' }, /interval must be month or year/],
      [
        { ...studio, slug: 'p7', limits: { shows: -1, episodesPerShow: null, storageMb: null } },
        /limits|>=0|too small/i,
      ],
      [{ ...studio, slug: 'p8', features: Array.from({ length: 13 }, () => 'f') }, /at most 12 features/],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/api/pricing-plans').set(bearer(editor.token)).send(body).expect(400);
      expect(res.body.error).toMatch(message);
    }
    const badId = await api()
      .put('/api/pricing-plans/123')
      .set(bearer(editor.token))
      .send({ price: 1 })
      .expect(400);
    expect(badId.body.code).toBe('INVALID_ID');
    await api().delete('/api/pricing-plans/zzz').set(bearer(editor.token)).expect(400);
    const pro = (await api().get('/api/pricing-plans').expect(200)).body.items[1];
    const empty = await api()
      .put(`/api/pricing-plans/${pro.id}`)
      .set(bearer(editor.token))
      .send({})
      .expect(400);
    expect(empty.body.error).toMatch(/nothing to change/);
    await api()
      .put(`/api/pricing-plans/${pro.id}`)
      .set(bearer(editor.token))
      .send({ slug: 'renamed' })
      .expect(400);
  });

  it('keeps the plans a bounded handful: at most PLAN_LIMITS.plans live, deleted ones not counted', async () => {
    const live = async () =>
      (await api().get('/api/pricing-plans/all').set(bearer(admin.token)).expect(200)).body.items.length;
    const room = PLAN_LIMITS.plans - (await live());
    const made: string[] = [];
    for (let index = 0; index < room; index += 1) {
      const res = await api()
        .post('/api/pricing-plans')
        .set(bearer(admin.token))
        .send({ ...studio, slug: `cap-${index}` })
        .expect(201);
      made.push(res.body.id);
    }
    const over = await api()
      .post('/api/pricing-plans')
      .set(bearer(admin.token))
      .send({ ...studio, slug: 'one-too-many' })
      .expect(409);
    expect(over.body.error).toBe(
      `A network offers at most ${PLAN_LIMITS.plans} plans; delete one before adding another`,
    );
    expect(await live()).toBe(PLAN_LIMITS.plans);
    for (const id of made)
      await api().delete(`/api/pricing-plans/${id}`).set(bearer(admin.token)).expect(204);
    await api()
      .post('/api/pricing-plans')
      .set(bearer(admin.token))
      .send({ ...studio, slug: 'one-too-many' })
      .expect(201);
  });
});
