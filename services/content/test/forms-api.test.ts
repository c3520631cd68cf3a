import request from 'supertest';
import { eventually } from '@podz/kit/testing';
import { formSubmissionPageSchema, formSubmissionSchema } from '@podz/proto';
import { bearer, ContentPlatform, type Member } from './support/content-harness';

let platform: ContentPlatform;
let admin: Member;
let editor: Member;
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await ContentPlatform.start();
  [admin, editor] = await Promise.all([platform.member('admin'), platform.member('editor')]);
});
afterAll(() => platform?.stop());

const contact = {
  name: 'Rita Listener',
  email: 'Rita@Example.com',
  subject: 'Feed question',
  message: 'Is there a feed for <b>all</b> shows?',
};
const advertise = {
  name: 'Sam Sponsor',
  email: 'sam@brand.example',
  company: 'Brand Co',
  website: 'https://brand.example',
  budget: '5k-20k',
  message: 'We would like to sponsor your science shows.',
};

describe('the forms', () => {
  it('stores a contact message as sent, for admins to read', async () => {
    const sent = await api().post('/api/content/forms/contact').send(contact).expect(201);
    expect(sent.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      receivedAt: expect.any(String),
    });

    const list = await api().get('/api/content/forms?kind=contact').set(bearer(admin.token)).expect(200);
    const page = formSubmissionPageSchema.parse(list.body);
    expect(page.items[0]).toEqual({
      id: sent.body.id,
      kind: 'contact',
      name: 'Rita Listener',
      email: 'rita@example.com',
      // Kept verbatim: the admin list shows it as text, never as markup.
      message: 'Is there a feed for <b>all</b> shows?',
      details: { subject: 'Feed question' },
      userId: null,
      receivedAt: sent.body.receivedAt,
      handledAt: null,
    });
  });

  it('stores an advertising enquiry with its details and the signed-in sender', async () => {
    const sent = await api()
      .post('/api/content/forms/advertise')
      .set(bearer(editor.token))
      .send(advertise)
      .expect(201);
    const list = await api().get('/api/content/forms?kind=advertise').set(bearer(admin.token)).expect(200);
    expect(list.body.items[0]).toMatchObject({
      id: sent.body.id,
      kind: 'advertise',
      userId: editor.id,
      details: { company: 'Brand Co', website: 'https://brand.example', budget: '5k-20k' },
    });
  });

  it('says what is wrong with a bad submission and stores nothing', async () => {
    const before = (await api().get('/api/content/forms').set(bearer(admin.token)).expect(200)).body.total;
    const cases: [string, object, RegExp][] = [
      ['contact', { ...contact, email: 'not-an-email' }, /email must be a valid email address/],
      ['contact', { ...contact, message: 'short' }, /message must be at least 10 characters/],
      ['contact', { ...contact, name: '' }, /name is required/],
      ['contact', { ...contact, admin: true }, /Unrecognized key/],
      ['advertise', { ...advertise, company: undefined }, /company/],
      ['advertise', { ...advertise, budget: 'a lot' }, /budget must be one of/],
      ['advertise', { ...advertise, website: 'ftp://x' }, /website must be an http\(s\) URL/],
    ];
    for (const [kind, body, message] of cases) {
      const res = await api().post(`/api/content/forms/${kind}`).send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(message);
    }
    const malformed = await api()
      .post('/api/content/forms/contact')
      .set('content-type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(malformed.body.code).toBe('MALFORMED_JSON');
    const after = (await api().get('/api/content/forms').set(bearer(admin.token)).expect(200)).body.total;
    expect(after).toBe(before);
  });

  it('keeps bots out: a filled-in hidden field is answered and dropped, and each address sends a few a day', async () => {
    const total = async () =>
      (await api().get('/api/content/forms').set(bearer(admin.token)).expect(200)).body.total as number;
    const before = await total();
    const bot = await api()
      .post('/api/content/forms/contact')
      .send({ ...contact, email: 'bot@spam.example', homepage: 'https://spam.example' })
      .expect(201);
    expect(bot.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(await total()).toBe(before);

    // Five a day from one address, however it is capitalised; the sixth is 429 with Retry-After.
    for (const email of [
      'flood@example.net',
      'Flood@Example.net',
      'FLOOD@example.net',
      'flood@example.net',
      'flood@EXAMPLE.net',
    ]) {
      await api()
        .post('/api/content/forms/contact')
        .send({ ...contact, email })
        .expect(201);
    }
    const refused = await api()
      .post('/api/content/forms/advertise')
      .send({ ...advertise, email: 'flood@example.net' })
      .expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    await api()
      .post('/api/content/forms/contact')
      .send({ ...contact, email: 'calm@example.net' })
      .expect(201);
    expect(await total()).toBe(before + 6);

    // Bounded, and plain text: nothing that hides or reorders what an admin reads.
    for (const [body, message] of [
      [{ ...contact, message: 'x'.repeat(5001) }, /message is at most 5000 characters/],
      [{ ...contact, name: 'Rita\u202Eatir' }, /name cannot contain bidirectional override/],
      [{ ...contact, subject: 'two\nlines' }, /subject must be a single line/],
      [{ ...contact, homepage: 'x'.repeat(501) }, /homepage/],
    ] as const) {
      expect((await api().post('/api/content/forms/contact').send(body).expect(400)).body.error).toMatch(
        message,
      );
    }
  });

  it('lists submissions to admins only, newest first, paginated', async () => {
    for (let n = 0; n < 3; n++) {
      await api()
        .post('/api/content/forms/contact')
        .send({ ...contact, email: `paged${n}@example.com`, subject: `Paged ${n}` })
        .expect(201);
    }
    const first = await api().get('/api/content/forms?limit=2&page=1').set(bearer(admin.token)).expect(200);
    expect(first.body).toMatchObject({ page: 1, limit: 2 });
    expect(first.body.items.map((item: { details: { subject?: string } }) => item.details.subject)).toEqual([
      'Paged 2',
      'Paged 1',
    ]);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 2));
    const past = await api().get('/api/content/forms?page=99').set(bearer(admin.token)).expect(200);
    expect(past.body.items).toEqual([]);
    await api().get('/api/content/forms?limit=0').set(bearer(admin.token)).expect(400);
    await api().get('/api/content/forms?kind=spam').set(bearer(admin.token)).expect(400);
    await api().get('/api/content/forms').set(bearer(editor.token)).expect(403);
    await api().get('/api/content/forms').expect(401);
  });

  it('pages from lists in Redis: a submission only the store holds is listed once the lists are rebuilt', async () => {
    const { db, redis } = platform.content.context;
    const prefix = `content:${db.name}:lists`;
    const stored = await db.collection('form_submissions').insertOne({
      kind: 'contact',
      name: 'Stored Behind',
      email: 'stored@example.org',
      message: 'Written straight to the store',
      details: {},
      userId: null,
      createdAt: new Date(),
    });
    const ids = async () =>
      (
        (await api().get('/api/content/forms?limit=100').set(bearer(admin.token)).expect(200)).body.items as {
          id: string;
        }[]
      ).map((item) => item.id);
    // The lists answer, and nothing placed it.
    expect(await ids()).not.toContain(stored.insertedId.toHexString());
    await redis.del(...(await redis.keys(`${prefix}:*`)));
    // Not built: the store answers, and the lists are rebuilt from it.
    expect(await ids()).toContain(stored.insertedId.toHexString());
    await eventually('the lists are built again', async () =>
      Boolean(await redis.exists(`${prefix}:built:forms:any`)),
    );
    expect(await ids()).toContain(stored.insertedId.toHexString());
    const total = (await api().get('/api/content/forms?kind=contact').set(bearer(admin.token)).expect(200))
      .body.total;
    expect(total).toBe(await db.collection('form_submissions').countDocuments({ kind: 'contact' }));
  });

  it('lets admins mark a submission handled or waiting again, and delete it; nobody else', async () => {
    const sent = await api().post('/api/content/forms/contact').send(contact).expect(201);
    const { id } = sent.body as { id: string };
    const inList = async () =>
      (
        (await api().get('/api/content/forms?kind=contact&limit=100').set(bearer(admin.token)).expect(200))
          .body.items as { id: string; handledAt: string | null }[]
      ).find((item) => item.id === id);
    expect((await inList())?.handledAt).toBeNull();

    const handled = await api()
      .patch(`/api/content/forms/${id}`)
      .set(bearer(admin.token))
      .send({ handled: true })
      .expect(200);
    expect(formSubmissionSchema.parse(handled.body).handledAt).toEqual(expect.any(String));
    expect((await inList())?.handledAt).toBe(handled.body.handledAt);
    const newIds = async (query: string) =>
      (
        (
          await api()
            .get(`/api/content/forms?status=new&limit=100${query}`)
            .set(bearer(admin.token))
            .expect(200)
        ).body.items as { id: string }[]
      ).map((item) => item.id);
    expect(await newIds('')).not.toContain(id);
    await api()
      .patch(`/api/content/forms/${id}`)
      .set(bearer(admin.token))
      .send({ handled: false })
      .expect(200);
    expect((await inList())?.handledAt).toBeNull();
    // Waiting again: back among the new ones, of its kind and of both.
    expect(await newIds('')).toContain(id);
    expect(await newIds('&kind=contact')).toContain(id);
    expect(await newIds('&kind=advertise')).not.toContain(id);
    await api().get('/api/content/forms?status=old').set(bearer(admin.token)).expect(400);

    for (const [body, status] of [
      [{ handled: 'yes' }, 400],
      [{}, 400],
      [{ handled: true, extra: 1 }, 400],
    ] as const) {
      await api().patch(`/api/content/forms/${id}`).set(bearer(admin.token)).send(body).expect(status);
    }
    await api().patch('/api/content/forms/nope').set(bearer(admin.token)).send({ handled: true }).expect(400);
    await api()
      .patch('/api/content/forms/64b7f0c2a1b2c3d4e5f60799')
      .set(bearer(admin.token))
      .send({ handled: true })
      .expect(404);
    await api()
      .patch(`/api/content/forms/${id}`)
      .set(bearer(editor.token))
      .send({ handled: true })
      .expect(403);
    await api().delete(`/api/content/forms/${id}`).set(bearer(editor.token)).expect(403);
    await api().delete(`/api/content/forms/${id}`).expect(401);
    expect(await inList()).toBeDefined();

    const before = (await api().get('/api/content/forms').set(bearer(admin.token)).expect(200)).body.total;
    await api().delete(`/api/content/forms/${id}`).set(bearer(admin.token)).expect(204);
    expect(await inList()).toBeUndefined();
    expect((await api().get('/api/content/forms').set(bearer(admin.token)).expect(200)).body.total).toBe(
      before - 1,
    );
    await api().delete(`/api/content/forms/${id}`).set(bearer(admin.token)).expect(404);
  });
});
