import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import {
  createEvent,
  pricingPlanChanged,
  pricingPlanCreated,
  pricingPlanDeleted,
  type EventDefinition,
} from '@podz/proto';
import { connectMongo, createLogger } from '@podz/kit';
import { testInfra, uniqueName } from '@podz/kit/testing';
import { PlanBook } from '../src/plan-book';

// The plan book on the real store, fed its events directly (the consumer's own suite covers
// delivery): each plan's whole state, whatever order two plans sharing a slug arrive in.

let db: Connection;
let book: PlanBook;
const logger = createLogger('plan-book-test', process.env.TEST_LOG_LEVEL ?? 'silent');

beforeAll(async () => {
  db = await connectMongo({ url: testInfra().mongoUrl, database: uniqueName('test_kit_plans'), logger });
  book = new PlanBook(db);
  await book.init();
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const id = () => new Types.ObjectId().toHexString();
const plan = (planId: string, slug: string, price: number, active = true) => ({
  planId,
  slug,
  name: slug.toUpperCase(),
  price,
  currency: 'USD' as const,
  interval: 'month' as const,
  active,
});

/** Applies an event as the consumer would, stamped `secondsAgo` in the past. */
async function hear<D extends EventDefinition>(definition: D, data: unknown, secondsAgo: number) {
  const subscription = book.subscriptions().find((s) => s.definition.type === definition.type)!;
  const event = createEvent(definition, (data as { planId: string }).planId, data as never);
  await subscription.handler({ ...event, time: new Date(Date.now() - secondsAgo * 1000).toISOString() });
}

describe('PlanBook', () => {
  it('keeps each plan by slug, as the latest event says, and says 400 for any other slug', async () => {
    const planId = id();
    await hear(pricingPlanCreated, plan(planId, 'gold', 5), 30);
    await hear(pricingPlanChanged, plan(planId, 'gold', 7, false), 20);
    // Delivered again (after a crash, say): the same state.
    await hear(pricingPlanChanged, plan(planId, 'gold', 7, false), 20);
    // Events from before premium listening carry no flag: such a plan unlocks nothing.
    expect(await book.find('gold')).toEqual({
      ...plan(planId, 'gold', 7, false),
      name: 'GOLD',
      premiumListening: false,
    });
    await hear(pricingPlanChanged, { ...plan(planId, 'gold', 7, false), premiumListening: true }, 10);
    expect(await book.find('gold')).toMatchObject({ premiumListening: true });
    await expect(book.offered('silver')).rejects.toMatchObject({
      status: 400,
      message: 'There is no plan named silver',
    });
    await hear(pricingPlanDeleted, { planId, slug: 'gold' }, 10);
    expect(await book.find('gold')).toBeUndefined();
  });

  it('lets a newer plan keep a freed slug when the older plan’s events arrive late', async () => {
    const older = id();
    const newer = id();
    await hear(pricingPlanCreated, plan(older, 'bronze', 3), 60);
    // The older plan was deleted and the slug reused; the newer plan's creation arrives first,
    // then (another partition) the older plan's late change and deletion.
    await hear(pricingPlanCreated, plan(newer, 'bronze', 4), 10);
    await hear(pricingPlanChanged, plan(older, 'bronze', 99), 50);
    await hear(pricingPlanDeleted, { planId: older, slug: 'bronze' }, 40);
    expect(await book.find('bronze')).toMatchObject({ planId: newer, price: 4 });
  });
});
