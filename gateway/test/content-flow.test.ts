import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { contentConfigSchema, type ContentConfig } from '../../services/content/src/config';
import { startContent } from '../../services/content/src/content-service';
import { ADMIN, PASSWORD } from '../../services/identity/test/support/identity-harness';
import { startIdentityPlatform, type IdentityPlatform } from './support/identity-platform';
import { SiteBrowser } from './support/site-browser';

/**
 * Page content and pricing as the site lives them, through the gateway: an editor's changes show
 * on the public reads; a plain member's attempt is refused before it reaches the content service.
 */
let content: RunningService<ContentConfig>;
let platform: IdentityPlatform;
let editor: SiteBrowser;
let member: SiteBrowser;
let visitor: SiteBrowser;

beforeAll(async () => {
  content = await startContent(loadConfig(contentConfigSchema, testServiceEnv('content')));
  platform = await startIdentityPlatform({ CONTENT_URL: content.url });
  const admin = new SiteBrowser(platform.origin);
  await admin.signIn(ADMIN.username, ADMIN.password);
  const username = `editor-${Date.now().toString(36)}`;
  const created = await admin.json('/api/users/admin-added-user', 'POST', {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
    role: 'editor',
    access: ['editor'],
  });
  expect(created.status).toBe(201);
  editor = new SiteBrowser(platform.origin);
  await editor.signIn(username, PASSWORD);
  member = await SiteBrowser.member(platform.origin, 'content');
  visitor = new SiteBrowser(platform.origin);
});
afterAll(async () => {
  await platform?.stop();
  await content?.context.db.dropDatabase().catch(() => undefined);
  await content?.stop();
});

describe('content through the gateway', () => {
  it("shows an editor's page to visitors, and refuses a plain member's edit", async () => {
    const saved = await editor.json('/api/content/pages/about', 'PUT', {
      title: 'About our network',
      sections: [{ heading: 'Hello', body: '<p>Made by listeners.</p>' }],
    });
    expect(saved.status).toBe(200);
    const read = await visitor.json('/api/content/pages/about');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: 'About our network', version: saved.body.version });

    const denied = await member.json('/api/content/pages/about', 'PUT', { title: 'Mine now' });
    expect(denied).toEqual({ status: 403, body: expect.objectContaining({ code: 'FORBIDDEN' }) });
    expect((await visitor.json('/api/content/pages/about')).body.title).toBe('About our network');
    expect((await visitor.json('/api/content/pages/about', 'PUT', { title: 'Anon' })).status).toBe(401);
  });

  it("shows an editor's plan change on /pricing, and refuses a plain member's", async () => {
    const plans = (await visitor.json('/api/pricing-plans')).body.items as { id: string; slug: string }[];
    const pro = plans.find((plan) => plan.slug === 'pro')!;
    const changed = await editor.json(`/api/pricing-plans/${pro.id}`, 'PUT', { price: 11.5 });
    expect(changed.status).toBe(200);
    const after = (await visitor.json('/api/pricing-plans')).body.items as { id: string; price: number }[];
    expect(after.find((plan) => plan.id === pro.id)!.price).toBe(11.5);

    expect((await member.json(`/api/pricing-plans/${pro.id}`, 'PUT', { price: 0 })).status).toBe(403);
    expect((await member.json('/api/pricing-plans', 'POST', { slug: 'x', name: 'X', price: 0 })).status).toBe(
      403,
    );
    expect((await editor.json('/api/pricing-plans/all')).status).toBe(200);
  });

  it('keeps review of requests and documentation away from editors', async () => {
    expect((await editor.json('/api/docs')).status).toBe(403);
    expect((await editor.json('/api/content/forms')).status).toBe(403);
    expect((await editor.json('/api/requests')).status).toBe(403);
    expect(
      (await editor.json('/api/requests/64b7f0c2a1b2c3d4e5f60720', 'PUT', { status: 'approved' })).status,
    ).toBe(403);
  });

  it('takes a contact message from a visitor', async () => {
    const sent = await visitor.json('/api/content/forms/contact', 'POST', {
      name: 'Vera Visitor',
      email: 'vera@example.org',
      message: 'Love the science shows!',
    });
    expect(sent.status).toBe(201);
  });
});
