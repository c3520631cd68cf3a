import { loadConfig, type RunningService } from '@podz/kit';
import { testServiceEnv } from '@podz/kit/testing';
import { catalogConfigSchema, type CatalogConfig } from '../../services/catalog/src/config';
import { startCatalog } from '../../services/catalog/src/catalog-service';
import { ADMIN } from '../../services/identity/test/support/identity-harness';
import { requestsConfigSchema, type RequestsConfig } from '../../services/requests/src/config';
import { startRequests } from '../../services/requests/src/requests-service';
import { startIdentityPlatform, type IdentityPlatform } from './support/identity-platform';
import { SiteBrowser } from './support/site-browser';

/**
 * The owner and guest grant flows as a browser lives them, through the gateway: ask, be refused,
 * get approved by an admin, and hold the access on the next session read, without signing in again.
 */
let catalog: RunningService<CatalogConfig>;
let requests: RunningService<RequestsConfig>;
let platform: IdentityPlatform;

beforeAll(async () => {
  catalog = await startCatalog(loadConfig(catalogConfigSchema, testServiceEnv('catalog')));
  requests = await startRequests(loadConfig(requestsConfigSchema, testServiceEnv('requests')));
  platform = await startIdentityPlatform({ CATALOG_URL: catalog.url, REQUESTS_URL: requests.url });
});
afterAll(async () => {
  await platform?.stop();
  for (const service of [catalog, requests]) {
    await service?.context.db.dropDatabase().catch(() => undefined);
    await service?.stop();
  }
});

const newMember = () => SiteBrowser.member(platform.origin, 'grant');

async function approveAs(admin: SiteBrowser, role: 'owner' | 'guest') {
  const pending = await admin.json(`/api/requests?status=pending&role=${role}&limit=100`);
  expect(pending.status).toBe(200);
  return pending.body.items as { id: string; requester: { username: string } }[];
}

/** Reads the session the way the web app does on focus, until it lists `role`; the time it took. */
async function sessionListing(browser: SiteBrowser, role: string, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const session = await browser.json('/api/auth/session');
    if ((session.body.user?.access as string[] | undefined)?.includes(role)) return Date.now() - started;
    if (Date.now() - started > withinMs)
      throw new Error(`the session did not list ${role} in ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const showBody = () => ({ name: `Granted ${Date.now().toString(36)} ${Math.random()}`, category: 'Science' });

describe('the grant flow through the gateway', () => {
  let admin: SiteBrowser;

  beforeAll(async () => {
    admin = new SiteBrowser(platform.origin);
    await admin.signIn(ADMIN.username, ADMIN.password);
  });

  it('an approved owner request lets the user add shows within 5 seconds, without signing in again', async () => {
    const user = await newMember();
    const me = (await user.json('/api/auth/session')).body.user as { id: string; username: string };
    expect((await user.json('/api/podcasts', 'POST', showBody())).status).toBe(403);

    const asked = await user.json('/api/requests/single-request', 'POST', {
      role: 'owner',
      message: 'My show',
    });
    expect(asked.status).toBe(201);
    expect((await user.json('/api/requests/single-request?role=owner')).body.status).toBe('pending');
    // Asking is not reviewing.
    expect((await user.json(`/api/requests/${asked.body.id}`, 'PUT', { status: 'approved' })).status).toBe(
      403,
    );

    const pending = await approveAs(admin, 'owner');
    expect(pending.map((request) => request.requester.username)).toContain(me.username);
    const approved = await admin.json(`/api/requests/${asked.body.id}`, 'PUT', { status: 'approved' });
    expect(approved.status).toBe(200);

    const tookMs = await sessionListing(user, 'owner', 5_000);
    expect(tookMs).toBeLessThanOrEqual(5_000);
    const created = await user.json('/api/podcasts', 'POST', showBody());
    expect(created.status).toBe(201);
    expect(created.body.owner.id).toBe(me.id);
    expect((await user.json('/api/requests/single-request?role=owner')).body.status).toBe('approved');
  });

  it('an approved guest request lists guest on the session within 5 seconds', async () => {
    const user = await newMember();
    expect((await user.json('/api/auth/session')).body.user.access).toEqual(['user']);
    const asked = await user.json('/api/requests/single-request', 'POST', { role: 'guest' });
    expect(asked.status).toBe(201);
    expect((await admin.json(`/api/requests/${asked.body.id}`, 'PUT', { status: 'approved' })).status).toBe(
      200,
    );
    expect(await sessionListing(user, 'guest', 5_000)).toBeLessThanOrEqual(5_000);
    // Still not an owner: a guest grant adds only guest.
    expect((await user.json('/api/podcasts', 'POST', showBody())).status).toBe(403);
  });

  it('a rejected request changes nothing, and the user may ask again', async () => {
    const user = await newMember();
    const asked = await user.json('/api/requests', 'POST', {
      role: 'owner',
      links: ['https://example.org/feed'],
    });
    expect(asked.status).toBe(201);
    const rejected = await admin.json(`/api/requests/${asked.body.id}`, 'PUT', {
      status: 'rejected',
      note: 'Not yet',
    });
    expect(rejected.status).toBe(200);
    expect((await user.json('/api/requests/single-request?role=owner')).body.review.note).toBe('Not yet');
    expect((await user.json('/api/podcasts', 'POST', showBody())).status).toBe(403);
    expect((await user.json('/api/requests/single-request', 'POST', { role: 'owner' })).status).toBe(201);
  });
});
