import request from 'supertest';
import { API_ROUTES, docPreviewSchema, docSchema, EVENT_DEFINITIONS, GENERATED_DOC_SLUG } from '@podz/proto';
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

const markdown = `# Moderation

Intro with a [link](https://podz.example) and <script>alert(1)</script>.

## Reports

Text.

## Reports

Second heading with the same name.

### **Bold** steps
`;

describe('documentation pages', () => {
  it('lists the generated reference and the seeded handbook to admins only', async () => {
    const res = await api().get('/api/docs').set(bearer(admin.token)).expect(200);
    expect(res.body.items).toEqual([
      { slug: GENERATED_DOC_SLUG, title: 'API reference', generated: true, updatedAt: null },
      { slug: 'running-podz', title: 'Running PODZ', generated: false, updatedAt: expect.any(String) },
    ]);
    await api().get('/api/docs').set(bearer(editor.token)).expect(403);
    await api().get('/api/docs/running-podz').set(bearer(editor.token)).expect(403);
    await api().get('/api/docs').expect(401);
  });

  it('generates a reference with every route and every event type', async () => {
    const res = await api().get(`/api/docs/${GENERATED_DOC_SLUG}`).set(bearer(admin.token)).expect(200);
    const doc = docSchema.parse(res.body);
    for (const route of API_ROUTES) expect(doc.markdown).toContain(`| ${route.method} | \`${route.path}\` |`);
    for (const definition of EVENT_DEFINITIONS) expect(doc.markdown).toContain(`\`${definition.type}\``);
    expect(doc.toc.slice(0, 3)).toEqual([
      { level: 1, text: 'API reference', anchor: 'api-reference' },
      { level: 2, text: 'Routes', anchor: 'routes' },
      { level: 3, text: 'identity', anchor: 'identity' },
    ]);
    expect(doc.html).toContain('<h2 id="routes">Routes</h2>');
    expect(doc.html).toContain('<table>');
    const refused = await api()
      .put(`/api/docs/${GENERATED_DOC_SLUG}`)
      .set(bearer(admin.token))
      .send({ title: 'Mine', markdown: '# no' })
      .expect(409);
    expect(refused.body.error).toMatch(/generated/);
    await api().delete(`/api/docs/${GENERATED_DOC_SLUG}`).set(bearer(admin.token)).expect(409);
  });

  it('renders a written page with anchors, a table of contents and no scripts', async () => {
    const saved = await api()
      .put('/api/docs/moderation')
      .set(bearer(admin.token))
      .send({ title: 'Moderation', markdown })
      .expect(200);
    const doc = docSchema.parse(saved.body);
    expect(doc).toMatchObject({ slug: 'moderation', generated: false, updatedBy: { id: admin.id } });
    expect(doc.toc).toEqual([
      { level: 1, text: 'Moderation', anchor: 'moderation' },
      { level: 2, text: 'Reports', anchor: 'reports' },
      { level: 2, text: 'Reports', anchor: 'reports-1' },
      { level: 3, text: 'Bold steps', anchor: 'bold-steps' },
    ]);
    expect(doc.html).toContain('<h2 id="reports-1">Reports</h2>');
    expect(doc.html).toContain('<h3 id="bold-steps"><strong>Bold</strong> steps</h3>');
    expect(doc.html).toContain('<a href="https://podz.example">link</a>');
    expect(doc.html).not.toContain('<script');

    const read = await api().get('/api/docs/moderation').set(bearer(admin.token)).expect(200);
    expect(read.body).toEqual(saved.body);
    const list = await api().get('/api/docs').set(bearer(admin.token)).expect(200);
    expect(list.body.items.map((item: { slug: string }) => item.slug)).toContain('moderation');
  });

  it('previews markdown as saving would render it, stores nothing, for admins only', async () => {
    const before = await api().get('/api/docs').set(bearer(admin.token)).expect(200);
    const preview = await api()
      .post('/api/docs/preview')
      .set(bearer(admin.token))
      .send({ markdown })
      .expect(200);
    expect(docPreviewSchema.strict().parse(preview.body).toc).toHaveLength(4);
    expect(preview.body.html).toContain('<h2 id="reports-1">Reports</h2>');
    expect(preview.body.html).not.toContain('<script');
    const after = await api().get('/api/docs').set(bearer(admin.token)).expect(200);
    expect(after.body).toEqual(before.body);
    await api().post('/api/docs/preview').set(bearer(editor.token)).send({ markdown }).expect(403);
    await api().post('/api/docs/preview').send({ markdown }).expect(401);
    await api().post('/api/docs/preview').set(bearer(admin.token)).send({ markdown: 1 }).expect(400);
    await api()
      .post('/api/docs/preview')
      .set(bearer(admin.token))
      .send({ markdown: 'x'.repeat(100_001) })
      .expect(400);
  });

  it('replaces, deletes and validates pages', async () => {
    await api()
      .put('/api/docs/faq')
      .set(bearer(admin.token))
      .send({ title: 'FAQ', markdown: '# One' })
      .expect(200);
    const replaced = await api()
      .put('/api/docs/faq')
      .set(bearer(admin.token))
      .send({ title: 'FAQ', markdown: '# Two' })
      .expect(200);
    expect(replaced.body.toc).toEqual([{ level: 1, text: 'Two', anchor: 'two' }]);
    await api().delete('/api/docs/faq').set(bearer(admin.token)).expect(204);
    await api().get('/api/docs/faq').set(bearer(admin.token)).expect(404);
    await api().delete('/api/docs/faq').set(bearer(admin.token)).expect(404);

    const badSlug = await api().get('/api/docs/Not%20A%20Slug').set(bearer(admin.token)).expect(400);
    expect(badSlug.body.code).toBe('VALIDATION_FAILED');
    await api().put('/api/docs/empty').set(bearer(admin.token)).send({ title: '', markdown: '' }).expect(400);
    await api()
      .put('/api/docs/huge')
      .set(bearer(admin.token))
      .send({ title: 'Huge', markdown: 'x'.repeat(100_001) })
      .expect(400);
    await api().get('/api/docs/huge').set(bearer(admin.token)).expect(404);
    await api()
      .put('/api/docs/mine')
      .set(bearer(editor.token))
      .send({ title: 'x', markdown: '' })
      .expect(403);
  });
});
