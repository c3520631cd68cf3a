import mongoose, { type Connection } from 'mongoose';
import { loadConfig, newId, pendingEvent, type RunningService } from '@podz/kit';
import { eventually, testServiceEnv } from '@podz/kit/testing';
import { subscriptionEnded, userDeleted, userPlanChanged, userRegistered } from '@podz/proto';
import { EntitlementBook, planUnlocks } from '@podz/read-models';
import { mediaConfigSchema, type MediaConfig } from '../src/config';
import { startMedia } from '../src/media-service';

/**
 * Media's own entitlement book (who may hear premium audio), kept from identity's and billing's
 * events on the real broker, read from media's database.
 */
let media: RunningService<MediaConfig>;
let reader: Connection;
let book: EntitlementBook;

beforeAll(async () => {
  media = await startMedia(loadConfig(mediaConfigSchema, testServiceEnv('media')));
  const { config } = media.context;
  reader = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  book = new EntitlementBook(reader);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await media?.context.db.dropDatabase().catch(() => undefined);
  await media?.stop();
});

const publish = (...events: Parameters<typeof media.context.producer.publish>[0]) =>
  media.context.producer.publish(events);

describe("media's entitlement book", () => {
  it('follows a member from sign-up to a paid plan, to its end, to their deletion', async () => {
    const userId = newId();
    await publish(
      pendingEvent(userRegistered, userId, {
        userId,
        username: `listener-${userId.slice(-6)}`,
        profilePicture: '/images/default-profile.svg',
        role: 'user',
        access: ['user'],
        plan: 'free',
      }),
    );
    await eventually('the member on the free plan', async () => (await book.find(userId))?.plan === 'free');

    await publish(pendingEvent(userPlanChanged, userId, { userId, plan: 'pro', previousPlan: 'free' }));
    await eventually('the member on pro', async () => planUnlocks(await book.find(userId), ['pro']));

    await publish(
      pendingEvent(subscriptionEnded, userId, {
        userId,
        plan: 'pro',
        reason: 'cancelled',
        paidThrough: new Date().toISOString(),
      }),
    );
    await eventually('pro no longer unlocking', async () => {
      const entitlement = await book.find(userId);
      return entitlement?.ended?.plan === 'pro' && !planUnlocks(entitlement, ['pro']);
    });

    await publish(pendingEvent(userDeleted, userId, { userId, username: `listener-${userId.slice(-6)}` }));
    await eventually('the entitlement gone', async () => (await book.find(userId)) === null);
  });
});
