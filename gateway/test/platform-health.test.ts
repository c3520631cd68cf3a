import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig, type RunningService } from '@podz/kit';
import { testInfra, testKeys, testServiceEnv } from '@podz/kit/testing';
import { SERVICE_NAMES } from '@podz/proto';
import { catalogConfigSchema } from '../../services/catalog/src/config';
import { startCatalog } from '../../services/catalog/src/catalog-service';
import { analyticsConfigSchema } from '../../services/analytics/src/config';
import { startAnalytics } from '../../services/analytics/src/analytics-service';
import { billingConfigSchema } from '../../services/billing/src/config';
import { startBilling } from '../../services/billing/src/billing-service';
import { contentConfigSchema } from '../../services/content/src/config';
import { startContent } from '../../services/content/src/content-service';
import { identityConfigSchema } from '../../services/identity/src/config';
import { startIdentity } from '../../services/identity/src/identity-service';
import { messagingConfigSchema } from '../../services/messaging/src/config';
import { startMessaging } from '../../services/messaging/src/messaging-service';
import { notificationsConfigSchema } from '../../services/notifications/src/config';
import { startNotifications } from '../../services/notifications/src/notifications-service';
import { adsConfigSchema } from '../../services/ads/src/config';
import { startAds } from '../../services/ads/src/ads-service';
import { listeningConfigSchema } from '../../services/listening/src/config';
import { startListening } from '../../services/listening/src/listening-service';
import { searchConfigSchema } from '../../services/search/src/config';
import { startSearch } from '../../services/search/src/search-service';
import { mediaConfigSchema } from '../../services/media/src/config';
import { startMedia } from '../../services/media/src/media-service';
import { requestsConfigSchema } from '../../services/requests/src/config';
import { startRequests } from '../../services/requests/src/requests-service';
import { gatewayConfigSchema } from '../src/config';
import { startGateway, type RunningGateway } from '../src/gateway';

const services: Record<string, RunningService> = {};
let gateway: RunningGateway;

beforeAll(async () => {
  const env = (name: string) => testServiceEnv(name);
  const started = await Promise.all([
    startIdentity(loadConfig(identityConfigSchema, env('identity'))),
    startCatalog(loadConfig(catalogConfigSchema, env('catalog'))),
    startRequests(loadConfig(requestsConfigSchema, env('requests'))),
    startMessaging(loadConfig(messagingConfigSchema, env('messaging'))),
    startContent(loadConfig(contentConfigSchema, env('content'))),
    startAnalytics(loadConfig(analyticsConfigSchema, env('analytics'))),
    startBilling(loadConfig(billingConfigSchema, env('billing'))),
    startNotifications(loadConfig(notificationsConfigSchema, env('notifications'))),
    startSearch(
      loadConfig(searchConfigSchema, {
        ...env('search'),
        SEARCH_SNAPSHOT_DIR: mkdtempSync(path.join(tmpdir(), 'podz-health-search-')),
      }),
    ),
    startMedia(loadConfig(mediaConfigSchema, env('media'))),
    startAds(loadConfig(adsConfigSchema, env('ads'))),
    startListening(loadConfig(listeningConfigSchema, env('listening'))),
  ]);
  SERVICE_NAMES.forEach((name, index) => (services[name] = started[index]!));
  gateway = await startGateway(
    loadConfig(gatewayConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'silent',
      REDIS_URL: testInfra().redisUrl,
      JWT_PUBLIC_KEY: testKeys().publicKey,
      IDENTITY_URL: services.identity!.url,
      CATALOG_URL: services.catalog!.url,
      REQUESTS_URL: services.requests!.url,
      MESSAGING_URL: services.messaging!.url,
      CONTENT_URL: services.content!.url,
      ANALYTICS_URL: services.analytics!.url,
      BILLING_URL: services.billing!.url,
      NOTIFICATIONS_URL: services.notifications!.url,
      SEARCH_URL: services.search!.url,
      MEDIA_URL: services.media!.url,
      ADS_URL: services.ads!.url,
      LISTENING_URL: services.listening!.url,
    }),
  );
});

afterAll(async () => {
  await gateway?.stop();
  await Promise.all(
    Object.values(services).map(async (service) => {
      await service.context.db.dropDatabase().catch(() => undefined);
      await service.stop();
    }),
  );
});

describe('platform health through the gateway', () => {
  it('reports every service up', async () => {
    const res = await request(gateway.url).get('/healthz').expect(200);
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(res.body.services[name]).toMatchObject({ status: 'up' });
    await request(gateway.url).get('/readyz').expect(200);
  });

  it('says which service is down, with 503, when one stops', async () => {
    await services.content!.stop();
    const res = await request(gateway.url).get('/healthz').expect(503);
    expect(res.body.status).toBe('degraded');
    expect(res.body.services.content).toEqual({ status: 'down', reason: 'unreachable' });
    expect(res.body.services.identity.status).toBe('up');
  });
});
