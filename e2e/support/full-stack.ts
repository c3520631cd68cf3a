import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@podz/kit';
import { freePort, testServiceEnv } from '@podz/kit/testing';
import { catalogConfigSchema } from '../../services/catalog/src/config';
import { startCatalog } from '../../services/catalog/src/catalog-service';
import { analyticsConfigSchema } from '../../services/analytics/src/config';
import { startAnalytics } from '../../services/analytics/src/analytics-service';
import { billingConfigSchema } from '../../services/billing/src/config';
import { startBilling } from '../../services/billing/src/billing-service';
import { PayPalSimulator } from '../../services/billing/test/support/paypal-simulator';
import { contentConfigSchema } from '../../services/content/src/config';
import { startContent } from '../../services/content/src/content-service';
import { messagingConfigSchema } from '../../services/messaging/src/config';
import { startMessaging } from '../../services/messaging/src/messaging-service';
import { notificationsConfigSchema } from '../../services/notifications/src/config';
import { startNotifications } from '../../services/notifications/src/notifications-service';
import { mediaConfigSchema } from '../../services/media/src/config';
import { startMedia } from '../../services/media/src/media-service';
import { adsConfigSchema } from '../../services/ads/src/config';
import { startAds } from '../../services/ads/src/ads-service';
import { listeningConfigSchema } from '../../services/listening/src/config';
import { startListening } from '../../services/listening/src/listening-service';
import { searchConfigSchema } from '../../services/search/src/config';
import { startSearch } from '../../services/search/src/search-service';
import { requestsConfigSchema } from '../../services/requests/src/config';
import { startRequests } from '../../services/requests/src/requests-service';
import {
  ADMIN,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from '../../services/identity/test/support/identity-harness';
import { startTestGateway } from '../../gateway/test/support/identity-platform';
import type { RunningGateway } from '../../gateway/src/gateway';
import { seedDemoNetwork } from '../../scripts/demo/seed-demo-network';

/**
 * Waits for every start to settle before answering, so that when one fails, every service that did
 * start is already in `started` and is stopped with the rest.
 */
async function allStarted<T extends readonly unknown[] | []>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  await Promise.allSettled(starts);
  return Promise.all(starts);
}

/** The demo accounts' password in these tests (identity creates demo-admin … demo-guest with it). */
export const DEMO_PASSWORD = 'e2e-demo-pass-1';
export { ADMIN };

export interface FullStack {
  /** The site as a browser sees it: the gateway serving the built web app and the API. */
  origin: string;
  identityUrl: string;
  catalogUrl: string;
  /** The stand-in for PayPal's REST API that billing is configured with (the one simulated part). */
  paypal: PayPalSimulator;
  /**
   * Moves a member's subscription to the end of its period, as a month passing would: billing's
   * renewal clock (sweeping every half second here) then renews or ends it.
   */
  endPeriodOf(userId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway, on the real store, broker and cache, serving `web/dist` (built
 * by `npm test` before jest runs), with the demo network seeded unless `demo: false`: what
 * `npm start` runs, in-process.
 */
export async function startFullStack({ demo = true }: { demo?: boolean } = {}): Promise<FullStack> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const media = mkdtempSync(path.join(tmpdir(), 'podz-e2e-media-'));
  // Whatever started is stopped again if a later step fails, so a failed start leaves nothing running.
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    // The last started first (the gateway, once it is up: no request then reaches a stopping
    // service), then the rest side by side, since each waits out its consumers' last fetch
    // (kafkajs's five seconds).
    const last = started.pop();
    await last?.stop().catch(() => undefined);
    await Promise.all(started.splice(0).map((running) => running.stop().catch(() => undefined)));
  };
  const service = <
    T extends { stop(): Promise<void>; context: { db: { dropDatabase(): Promise<unknown> } } },
  >(
    running: T,
  ): T => {
    started.push({
      stop: async () => {
        await running.context.db.dropDatabase().catch(() => undefined);
        await running.stop();
      },
    });
    return running;
  };
  try {
    // Content offers the plans on this stack: identity hears them from it.
    const paypal = await new PayPalSimulator().start();
    started.push(paypal);
    // Side by side, as `npm start` starts them: each waits seconds for its consumer groups to join,
    // and none needs another's address.
    // Media first: catalog asks it about uploads and hands it transcripts' files, and media names
    // its salts after catalog's database.
    const catalogEnv = testServiceEnv('catalog', {
      PUBLIC_ORIGIN: origin,
      // Loopback feeds allowed: the import test serves its feed from this process.
      FEED_IMPORT_ALLOW_PRIVATE: 'true',
    });
    const mediaService = service(
      await startMedia(
        loadConfig(
          mediaConfigSchema,
          testServiceEnv('media', { MEDIA_DIR: media, CATALOG_DATABASE: catalogEnv.MONGO_DB ?? '' }),
        ),
      ),
    );
    const [
      catalog,
      requests,
      messaging,
      content,
      analytics,
      notifications,
      billing,
      identity,
      ads,
      listening,
    ] = await allStarted([
      startCatalog(loadConfig(catalogConfigSchema, { ...catalogEnv, MEDIA_URL: mediaService.url })).then(
        service,
      ),
      startRequests(loadConfig(requestsConfigSchema, testServiceEnv('requests'))).then(service),
      startMessaging(loadConfig(messagingConfigSchema, testServiceEnv('messaging'))).then(service),
      startContent(loadConfig(contentConfigSchema, testServiceEnv('content'))).then(service),
      startAnalytics(loadConfig(analyticsConfigSchema, testServiceEnv('analytics'))).then(service),
      // Digests gather for two seconds here (a quarter of an hour in production), and follow each
      // other without the day between them, so a test can read one and see that unsubscribing
      // stops the next.
      startNotifications(
        loadConfig(
          notificationsConfigSchema,
          testServiceEnv('notifications', {
            PUBLIC_ORIGIN: origin,
            DIGEST_GATHER_SECONDS: '2',
            DIGEST_INTERVAL_SECONDS: '0',
            MAIL_SWEEP_MS: '250',
          }),
        ),
      ).then(service),
      startBilling(
        loadConfig(
          billingConfigSchema,
          testServiceEnv('billing', { ...paypal.env(), RENEWAL_SWEEP_MS: '500' }),
        ),
      ).then(service),
      startTestIdentity(
        { PUBLIC_ORIGIN: origin, DEMO_ACCOUNTS_PASSWORD: DEMO_PASSWORD },
        { plans: false },
      ).then((identity: TestIdentity) => {
        started.push({ stop: () => stopTestIdentity(identity) });
        return identity;
      }),
      startAds(loadConfig(adsConfigSchema, testServiceEnv('ads', { MEDIA_URL: mediaService.url }))).then(
        service,
      ),
      startListening(loadConfig(listeningConfigSchema, testServiceEnv('listening'))).then(service),
    ]);
    const endPeriodOf = async (userId: string) => {
      await billing.context.db
        .collection<{ _id: string }>('subscriptions')
        .updateOne(
          { _id: userId },
          { $set: { dueAt: new Date(Date.now() - 1000), dueHour: new Date().toISOString().slice(0, 13) } },
        );
    };
    const search = service(
      await startSearch(
        loadConfig(
          searchConfigSchema,
          testServiceEnv('search', {
            CATALOG_URL: catalog.url,
            IDENTITY_URL: identity.url,
            SEARCH_SNAPSHOT_DIR: mkdtempSync(path.join(tmpdir(), 'podz-e2e-search-')),
          }),
        ),
      ),
    );
    const gateway: RunningGateway = await startTestGateway(port, origin, {
      IDENTITY_URL: identity.url,
      CATALOG_URL: catalog.url,
      REQUESTS_URL: requests.url,
      MESSAGING_URL: messaging.url,
      CONTENT_URL: content.url,
      ANALYTICS_URL: analytics.url,
      BILLING_URL: billing.url,
      NOTIFICATIONS_URL: notifications.url,
      SEARCH_URL: search.url,
      MEDIA_URL: mediaService.url,
      ADS_URL: ads.url,
      LISTENING_URL: listening.url,
    });
    started.push(gateway);
    if (demo)
      await seedDemoNetwork({
        identityUrl: identity.url,
        catalogUrl: catalog.url,
        mediaUrl: mediaService.url,
        admin: { username: ADMIN.username, password: ADMIN.password },
        password: DEMO_PASSWORD,
      });
    return { origin, identityUrl: identity.url, catalogUrl: catalog.url, paypal, endPeriodOf, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
