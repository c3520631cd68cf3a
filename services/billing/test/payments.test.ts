import request from 'supertest';
import { loadConfig, type RunningService } from '@podz/kit';
import { eventually, readTopic, testInfra, testServiceEnv, testTopic } from '@podz/kit/testing';
import { offerPlans } from '@podz/read-models/testing';
import {
  TOPICS,
  paymentListSchema,
  paymentSchema,
  subscriptionAnswerSchema,
  type Payment,
  type Subscription,
} from '@podz/proto';
import {
  ADMIN,
  IdentityClient,
  bearer,
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from '../../identity/test/support/identity-harness';
import { startBilling } from '../src/billing-service';
import { addInterval } from '../src/domain/subscription-periods';
import { billingConfigSchema, type BillingConfig } from '../src/config';
import { PayPalSimulator } from './support/paypal-simulator';

// Billing on the real store, broker and cache, against the PayPal simulator, with identity beside
// it: a plan changes only when PayPal captured what billing asked for, and only once. Two billing
// instances share the store, each with its renewal clock, so a renewal is charged once whichever
// clock finds it first.

let paypal: PayPalSimulator;
let billing: RunningService<BillingConfig>;
let secondBilling: RunningService<BillingConfig>;
let identity: TestIdentity;
let client: IdentityClient;
let admin: string;

beforeAll(async () => {
  paypal = await new PayPalSimulator().start();
  identity = await startTestIdentity();
  const env = testServiceEnv('billing', {
    ...paypal.env(),
    CHECKOUTS_PER_HOUR: '3',
    // The renewal clock ticks fast here; a declined renewal is tried again a moment later.
    RENEWAL_SWEEP_MS: '100',
    RENEWAL_RETRY_MS: '300',
    RENEWAL_MAX_DECLINES: '2',
    RENEWAL_LEASE_MS: '1000',
  });
  // Together: the second joins the first's consumer group while both start.
  [billing, secondBilling] = await Promise.all([
    startBilling(loadConfig(billingConfigSchema, env)),
    startBilling(loadConfig(billingConfigSchema, { ...env })),
  ]);
  await offerPlans(billing);
  client = new IdentityClient(identity.url);
  admin = await client.signIn(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await billing?.context.db.dropDatabase().catch(() => undefined);
  await Promise.all([secondBilling?.stop(), billing?.stop()]);
  await stopTestIdentity(identity);
  await paypal?.stop();
});

const api = () => request(billing.url);
const member = () => client.userWith(admin, 'user');
const planOf = async (id: string) =>
  (await request(identity.url).get(`/api/users/${id}`).set(bearer(admin)).expect(200)).body.plan as string;
const order = async (token: string, plan = 'pro') =>
  (await api().post('/api/billing/orders').set(bearer(token)).send({ plan }).expect(201)).body as {
    orderId: string;
    paymentId: string;
  };
const capture = (token: string, orderId: string) =>
  api().post(`/api/billing/orders/${orderId}/capture`).set(bearer(token));
const paymentsOf = async (token: string, userId?: string): Promise<Payment[]> =>
  paymentListSchema.parse(
    (
      await api()
        .get(`/api/billing/payments${userId ? `?userId=${userId}` : ''}`)
        .set(bearer(token))
        .expect(200)
    ).body,
  ).items;
const deliver = (delivery: { headers: Record<string, string>; body: string }) =>
  api().post('/api/billing/webhooks/paypal').set(delivery.headers).send(delivery.body);
// The payment's distinct events. The outbox publishes at least once: the two instances here share
// one process, so both relays count the payment's outbox as their own and may both send it, with
// the same event id. A second capture would be a second id.
const completedEvents = async (paymentId: string, atLeast = 1) => {
  const messages = (
    await readTopic(testInfra().kafkaBrokers, testTopic(TOPICS.billingPayment), {
      until: (read) => read.filter((m) => m.key === paymentId).length >= atLeast,
      timeoutMs: 3000,
    })
  ).filter((m) => m.key === paymentId);
  return messages.filter((m, i) => messages.findIndex((o) => eventId(o) === eventId(m)) === i);
};
const eventId = (message: { value?: string | null }) =>
  (JSON.parse(message.value ?? '{}') as { id?: string }).id;
const subscriptionOf = async (token: string, userId?: string): Promise<Subscription | null> =>
  subscriptionAnswerSchema.parse(
    (
      await api()
        .get(`/api/billing/subscription${userId ? `?userId=${userId}` : ''}`)
        .set(bearer(token))
        .expect(200)
    ).body,
  ).subscription;
/** The first non-empty answer of `read`, once it has one. */
const awaited = async <T>(what: string, read: () => Promise<T | null | undefined>): Promise<T> => {
  let value: T | null | undefined;
  await eventually(what, async () => (value = await read()) != null);
  return value!;
};
/** Pays for a plan at checkout, as a buyer does; answers the payment token PayPal saved, if any. */
const subscribe = async (buyer: { token: string }, plan = 'pro', saveAccount = true) => {
  const created = await order(buyer.token, plan);
  paypal.approve(created.orderId, { saveAccount });
  await capture(buyer.token, created.orderId).expect(200);
  return { ...created, vaultId: paypal.order(created.orderId)!.savedAs };
};
/**
 * The period has run out: the clock finds the subscription due now. Billing files a subscription
 * from the payment's event, on its own time, so this waits for it to be there: backdating nothing
 * would leave the event to file it a month ahead.
 */
const makeDue = (userId: string) =>
  eventually('the subscription to backdate', async () => {
    const backdated = await billing.context.db
      .collection<{ _id: string }>('subscriptions')
      .updateOne(
        { _id: userId },
        { $set: { dueAt: new Date(Date.now() - 1000), dueHour: new Date().toISOString().slice(0, 13) } },
      );
    return backdated.matchedCount === 1;
  });
const chargesTo = (vaultId: string | undefined) => paypal.charges().filter((o) => o.vaultId === vaultId);
const captureCalls = (orderId: string) =>
  paypal.calls.filter((call) => call === `POST /v2/checkout/orders/${orderId}/capture`).length;

describe('checkout: create → approve → capture → plan changed by the event', () => {
  it('prices the order from the plan, captures it once, and identity moves the buyer', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    const atPayPal = paypal.order(created.orderId)!;
    expect(atPayPal.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: '9.99' },
      custom_id: created.paymentId,
    });

    paypal.approve(created.orderId);
    const res = await capture(buyer.token, created.orderId).expect(200);
    const payment = paymentSchema.parse(res.body);
    expect(payment).toMatchObject({
      id: created.paymentId,
      userId: buyer.id,
      plan: 'pro',
      amount: '9.99',
      currency: 'USD',
      state: 'completed',
      captureId: expect.any(String),
    });
    await eventually('identity to apply the paid plan', async () => (await planOf(buyer.id)) === 'pro');

    // The approval repeated (a double click, a retry): the same payment, nothing captured again.
    const again = await capture(buyer.token, created.orderId).expect(200);
    expect(again.body).toEqual(res.body);
    expect(captureCalls(created.orderId)).toBe(1);
    const events = await completedEvents(created.paymentId, 2);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.value!)).toMatchObject({
      type: 'podz.billing.payment.completed',
      data: { userId: buyer.id, plan: 'pro', amount: '9.99', orderId: created.orderId },
    });
    expect(await paymentsOf(buyer.token)).toEqual([payment]);
  });

  it('waits for the buyer: a capture before approval is a 409 and can be tried again', async () => {
    const buyer = await member();
    const created = await order(buyer.token, 'network');
    const early = await capture(buyer.token, created.orderId).expect(409);
    expect(early.body).toMatchObject({ code: 'CONFLICT', error: 'PayPal has not approved this payment yet' });
    expect(await planOf(buyer.id)).toBe('free');
    paypal.approve(created.orderId);
    expect((await capture(buyer.token, created.orderId).expect(200)).body.amount).toBe('29.99');
    await eventually('the network plan', async () => (await planOf(buyer.id)) === 'network');
  });
});

describe('a capture interrupted', () => {
  it('holds a payment while an attempt runs, and lets a new one in once that attempt is stale', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    const payments = billing.context.db.collection('payments');
    const stuck = (minutesAgo: number) =>
      payments.updateOne(
        { orderId: created.orderId },
        { $set: { state: 'capturing', updatedAt: new Date(Date.now() - minutesAgo * 60_000) } },
      );
    // An attempt in flight (or a process that died a moment ago): the buyer is asked to wait.
    await stuck(0);
    const busy = await capture(buyer.token, created.orderId).expect(409);
    expect(busy.body.error).toBe('This payment is being confirmed; look at your plan in a moment');
    expect(captureCalls(created.orderId)).toBe(0);
    // Its process died three minutes ago: a new attempt asks PayPal, and the payment completes.
    await stuck(3);
    expect((await capture(buyer.token, created.orderId).expect(200)).body.state).toBe('completed');
    await eventually('the paid plan', async () => (await planOf(buyer.id)) === 'pro');
  });
});

describe('refused, and nothing changed', () => {
  it('an order billing did not create (a browser asking PayPal for 0.01) is never captured', async () => {
    const buyer = await member();
    const token = (
      await request(paypal.url)
        .post('/v1/oauth2/token')
        .auth(paypal.clientId, paypal.clientSecret)
        .type('form')
        .send({ grant_type: 'client_credentials' })
        .expect(200)
    ).body.access_token as string;
    const forged = await request(paypal.url)
      .post('/v2/checkout/orders')
      .set('authorization', `Bearer ${token}`)
      .send({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '0.01' } }] })
      .expect(201);
    paypal.approve(forged.body.id);
    const res = await capture(buyer.token, forged.body.id).expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Checkout not found' });
    expect(captureCalls(forged.body.id)).toBe(0);
    expect(await planOf(buyer.id)).toBe('free');
  });

  it("someone else's order is not found, and stays payable by its buyer", async () => {
    const buyer = await member();
    const other = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    await capture(other.token, created.orderId).expect(404);
    expect(captureCalls(created.orderId)).toBe(0);
    await capture(buyer.token, created.orderId).expect(200);
  });

  it('an unknown, free or inactive plan starts no checkout and calls PayPal for none', async () => {
    const buyer = await member();
    const before = paypal.calls.length;
    const cases: [string, number, string, string][] = [
      ['platinum', 400, 'VALIDATION_FAILED', 'There is no plan named platinum'],
      ['retired', 409, 'CONFLICT', 'Retired is not on offer any more'],
      ['free', 400, 'VALIDATION_FAILED', 'Free is free: choose it on the pricing page, no payment needed'],
      ['Not A Plan', 400, 'VALIDATION_FAILED', expect.stringContaining('plan must be') as unknown as string],
    ];
    for (const [plan, status, code, error] of cases) {
      const res = await api()
        .post('/api/billing/orders')
        .set(bearer(buyer.token))
        .send({ plan })
        .expect(status);
      expect(res.body).toMatchObject({ code, error });
    }
    await api()
      .post('/api/billing/orders')
      .set(bearer(buyer.token))
      .send({ plan: 'pro', amount: '0.01' })
      .expect(400);
    expect(paypal.calls.length).toBe(before);
    expect(await paymentsOf(buyer.token)).toEqual([]);
  });

  it('a declined card fails the payment: 402, no plan', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    paypal.nextCaptureStatus = 'DECLINED';
    const res = await capture(buyer.token, created.orderId).expect(402);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_REFUSED',
      error: 'PayPal refused the payment (INSTRUMENT_DECLINED)',
    });
    expect((await paymentsOf(buyer.token))[0]).toMatchObject({ state: 'failed', completedAt: null });
    await capture(buyer.token, created.orderId).expect(402);
    expect(await planOf(buyer.id)).toBe('free');
  });

  it('PayPal down: 502, nothing charged, and the buyer can try again', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    paypal.unavailable = true;
    try {
      const res = await capture(buyer.token, created.orderId).expect(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      await api().post('/api/billing/orders').set(bearer(buyer.token)).send({ plan: 'pro' }).expect(502);
    } finally {
      paypal.unavailable = false;
    }
    expect((await paymentsOf(buyer.token)).map((p) => p.state)).toEqual(['created']);
    await capture(buyer.token, created.orderId).expect(200);
  });
});

describe('PayPal webhooks, verified with PayPal', () => {
  it('a held capture completes when PayPal says so, once however often it says it', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    paypal.nextCaptureStatus = 'PENDING';
    expect((await capture(buyer.token, created.orderId).expect(200)).body.state).toBe('capturing');
    expect(await planOf(buyer.id)).toBe('free');

    const event = paypal.captureCompletedEvent(created.orderId);
    expect((await deliver(paypal.signedDelivery(event)).expect(200)).body).toEqual({ result: 'applied' });
    await eventually('the paid plan', async () => (await planOf(buyer.id)) === 'pro');
    // PayPal redelivers until it hears 2xx; the same event again, and a capture retried by the buyer.
    expect((await deliver(paypal.signedDelivery(event)).expect(200)).body).toEqual({ result: 'ignored' });
    expect((await capture(buyer.token, created.orderId).expect(200)).body.state).toBe('completed');
    expect(await completedEvents(created.paymentId, 2)).toHaveLength(1);
  });

  it('a capture of the wrong amount is refused: no plan, and capturing afterwards is refused too', async () => {
    const buyer = await member();
    const created = await order(buyer.token, 'network');
    paypal.approve(created.orderId);
    const event = paypal.captureCompletedEvent(created.orderId, { currency_code: 'USD', value: '0.01' });
    expect((await deliver(paypal.signedDelivery(event)).expect(200)).body).toEqual({ result: 'applied' });
    const [payment] = await paymentsOf(buyer.token);
    expect(payment).toMatchObject({
      state: 'refused',
      reason: 'PayPal captured 0.01 USD; Network costs 29.99 USD',
    });
    const res = await capture(buyer.token, created.orderId).expect(402);
    expect(res.body.code).toBe('PAYMENT_REFUSED');
    expect(await planOf(buyer.id)).toBe('free');
    expect(await completedEvents(created.paymentId, 1)).toHaveLength(0);
  });

  it('a forged, unsigned or unverifiable delivery is refused and changes nothing', async () => {
    const buyer = await member();
    const created = await order(buyer.token);
    paypal.approve(created.orderId);
    const event = paypal.captureCompletedEvent(created.orderId);

    const signed = paypal.signedDelivery(event);
    const tampered = { ...signed, body: signed.body.replace(created.orderId, 'AAAAAAAAAAAAAAAAA') };
    const forged = await deliver(tampered).expect(400);
    expect(forged.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'The webhook signature did not verify: PayPal did not send this',
    });
    const otherWebhook = {
      ...signed,
      headers: { ...signed.headers, 'paypal-cert-url': 'https://evil.example/cert' },
    };
    await deliver(otherWebhook).expect(400);
    const unsigned = await api().post('/api/billing/webhooks/paypal').send(event).expect(400);
    expect(unsigned.body.error).toBe('Not a PayPal webhook delivery: its signature headers are missing');
    await deliver({ ...signed, body: '{"id":1}' }).expect(400);

    paypal.unavailable = true;
    try {
      const unverifiable = await deliver(paypal.signedDelivery(event)).expect(502);
      expect(unverifiable.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      paypal.unavailable = false;
    }
    expect((await paymentsOf(buyer.token)).map((p) => p.state)).toEqual(['created']);
    expect(await planOf(buyer.id)).toBe('free');
  });

  it('acknowledges events it does not act on', async () => {
    const event = { id: 'WH-OTHER-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'X' } };
    expect((await deliver(paypal.signedDelivery(event)).expect(200)).body).toEqual({ result: 'ignored' });
  });
});

describe('limits', () => {
  it('a member starts at most CHECKOUTS_PER_HOUR checkouts an hour: then 429 with Retry-After', async () => {
    const buyer = await member();
    for (let started = 0; started < 3; started += 1) await order(buyer.token);
    const res = await api()
      .post('/api/billing/orders')
      .set(bearer(buyer.token))
      .send({ plan: 'pro' })
      .expect(429);
    expect(res.body).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many checkouts started; try again later',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await paymentsOf(buyer.token)).toHaveLength(3);
  });
});

describe('payment history', () => {
  it("is the caller's own; an admin reads anyone's; nobody else does", async () => {
    const buyer = await member();
    const other = await member();
    const created = await order(buyer.token);
    await api().get('/api/billing/payments').expect(401);
    await api().get(`/api/billing/payments?userId=${buyer.id}`).set(bearer(other.token)).expect(403);
    await api().get('/api/billing/payments?userId=nope').set(bearer(admin)).expect(400);
    const seen = await paymentsOf(admin, buyer.id);
    expect(seen.map((p) => [p.orderId, p.state])).toEqual([[created.orderId, 'created']]);
    expect(await paymentsOf(other.token)).toEqual([]);
  });
});

describe('subscriptions: a paid plan renews on the saved PayPal account', () => {
  it('a checkout saves the buyer’s account and starts a subscription to the end of the period', async () => {
    const buyer = await member();
    const paid = await subscribe(buyer);
    expect(paypal.order(paid.orderId)).toMatchObject({ saveAccount: false, savedAs: expect.any(String) });
    const sub = await awaited('the subscription', () => subscriptionOf(buyer.token));
    const completedAt = new Date((await paymentsOf(buyer.token))[0]!.completedAt!);
    expect(sub).toMatchObject({
      userId: buyer.id,
      plan: 'pro',
      amount: '9.99',
      currency: 'USD',
      interval: 'month',
      state: 'active',
      renews: true,
      failedCharges: 0,
      endedReason: null,
      paidThrough: addInterval(completedAt, 'month').toISOString(),
      nextChargeAt: addInterval(completedAt, 'month').toISOString(),
    });
    // Buying the same plan again adds a period after the one paid for.
    await subscribe(buyer);
    await eventually('the second period', async () => {
      const now = await subscriptionOf(buyer.token);
      return now?.paidThrough === addInterval(addInterval(completedAt, 'month'), 'month').toISOString();
    });
  });

  it('charges the saved account when the period runs out, once, and keeps the plan', async () => {
    const buyer = await member();
    const paid = await subscribe(buyer);
    const before = (await awaited('the subscription', () => subscriptionOf(buyer.token)))!;
    await makeDue(buyer.id);
    const renewed = await awaited('the renewal', async () => {
      const now = await subscriptionOf(buyer.token);
      return now && now.paidThrough !== before.paidThrough ? now : undefined;
    });
    expect(renewed).toMatchObject({
      state: 'active',
      paidThrough: addInterval(new Date(before.paidThrough), 'month').toISOString(),
      nextChargeAt: addInterval(new Date(before.paidThrough), 'month').toISOString(),
    });
    const charges = chargesTo(paid.vaultId);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '9.99' });
    const renewal = (await paymentsOf(buyer.token)).find((p) => p.kind === 'renewal')!;
    expect(renewal).toMatchObject({ state: 'completed', amount: '9.99', orderId: charges[0]!.id });
    const events = await completedEvents(renewal.id);
    expect(JSON.parse(events[0]!.value!).data).toMatchObject({ kind: 'renewal', userId: buyer.id });
    // More clock ticks charge nothing more; the plan never moved.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(chargesTo(paid.vaultId)).toHaveLength(1);
    expect(await planOf(buyer.id)).toBe('pro');
  });

  it('a renewal PayPal holds is asked again with the same request id, and completes by the webhook', async () => {
    const buyer = await member();
    const paid = await subscribe(buyer);
    const before = await awaited('the subscription', () => subscriptionOf(buyer.token));
    paypal.nextCaptureStatus = 'PENDING';
    await makeDue(buyer.id);
    const charge = await awaited('the renewal charge', async () => chargesTo(paid.vaultId)[0]);
    // The lease (1 s here) runs out while PayPal holds it: the clock asks again, PayPal answers
    // the same held capture, and nobody is charged twice.
    const asked = () => paypal.calls.filter((call) => call === 'POST /v2/checkout/orders').length;
    const askedBefore = asked();
    await eventually('the renewal asked again', async () => asked() > askedBefore, 5000);
    expect(chargesTo(paid.vaultId)).toHaveLength(1);
    expect((await subscriptionOf(buyer.token))?.paidThrough).toBe(before.paidThrough);

    await deliver(paypal.signedDelivery(paypal.captureCompletedEvent(charge.id))).expect(200);
    await eventually(
      'the renewal',
      async () => (await subscriptionOf(buyer.token))?.paidThrough !== before.paidThrough,
    );
    expect(await subscriptionOf(buyer.token)).toMatchObject({
      state: 'active',
      paidThrough: addInterval(new Date(before.paidThrough), 'month').toISOString(),
    });
    expect(chargesTo(paid.vaultId)).toHaveLength(1);
  });

  it('a declined renewal is tried again; after the last try the plan ends and identity moves the member to free', async () => {
    const buyer = await member();
    const paid = await subscribe(buyer, 'network');
    await eventually('the network plan', async () => (await planOf(buyer.id)) === 'network');
    paypal.declining.add(paid.vaultId!);
    await makeDue(buyer.id);
    const ended = await awaited('the subscription to end', async () => {
      const now = await subscriptionOf(buyer.token);
      return now?.state === 'ended' ? now : undefined;
    });
    expect(ended).toMatchObject({
      endedReason: 'payment-failed',
      failedCharges: 2,
      renews: false,
      nextChargeAt: null,
    });
    expect(chargesTo(paid.vaultId)).toHaveLength(2);
    const renewals = (await paymentsOf(buyer.token)).filter((p) => p.kind === 'renewal');
    expect(renewals.map((p) => p.state)).toEqual(['failed', 'failed']);
    await eventually('identity to end the plan', async () => (await planOf(buyer.id)) === 'free');
  });

  it('cancelling keeps the plan to the end of the period, charges nothing, then ends it', async () => {
    const buyer = await member();
    const other = await member();
    const paid = await subscribe(buyer);
    await awaited('the subscription', () => subscriptionOf(buyer.token));
    await eventually('the pro plan', async () => (await planOf(buyer.id)) === 'pro');
    await api().delete(`/api/billing/subscription?userId=${buyer.id}`).set(bearer(other.token)).expect(403);
    await api().delete('/api/billing/subscription').set(bearer(other.token)).expect(404);
    const cancelled = await api().delete('/api/billing/subscription').set(bearer(buyer.token)).expect(200);
    expect(cancelled.body.subscription).toMatchObject({
      state: 'cancelled',
      renews: false,
      nextChargeAt: null,
    });
    await api().delete('/api/billing/subscription').set(bearer(buyer.token)).expect(200);
    expect(await planOf(buyer.id)).toBe('pro');
    expect((await subscriptionOf(admin, buyer.id))?.state).toBe('cancelled');

    await makeDue(buyer.id);
    await eventually('the plan to run out', async () => (await planOf(buyer.id)) === 'free');
    expect(await subscriptionOf(buyer.token)).toMatchObject({ state: 'ended', endedReason: 'cancelled' });
    expect(chargesTo(paid.vaultId)).toHaveLength(0);
  });

  it('moving to the free plan ends the subscription; a buyer who saved no account is not renewed', async () => {
    const leaver = await member();
    const leaverPaid = await subscribe(leaver);
    await eventually('the pro plan', async () => (await planOf(leaver.id)) === 'pro');
    await request(identity.url)
      .patch(`/api/users/${leaver.id}/plan`)
      .set(bearer(leaver.token))
      .send({ plan: 'free' })
      .expect(200);
    await eventually(
      'the subscription to end',
      async () => (await subscriptionOf(leaver.token))?.state === 'ended',
    );
    expect((await subscriptionOf(leaver.token))?.endedReason).toBe('plan-changed');

    const once = await member();
    const oncePaid = await subscribe(once, 'pro', false);
    expect(oncePaid.vaultId).toBeUndefined();
    const sub = await awaited('the subscription', () => subscriptionOf(once.token));
    expect(sub).toMatchObject({ state: 'cancelled', renews: false, nextChargeAt: null });
    await makeDue(once.id);
    await eventually('the plan to run out', async () => (await planOf(once.id)) === 'free');
    expect(paypal.charges().filter((o) => o.vaultId === leaverPaid.vaultId)).toHaveLength(0);
  });
});

describe('without PayPal credentials', () => {
  it('says payments are not configured and refuses every checkout and delivery', async () => {
    const bare = await startBilling(loadConfig(billingConfigSchema, testServiceEnv('billing')));
    try {
      const buyer = await member();
      const config = await request(bare.url).get('/api/billing/config').expect(200);
      expect(config.body).toEqual({ configured: false, clientId: null, environment: 'sandbox' });
      const res = await request(bare.url)
        .post('/api/billing/orders')
        .set(bearer(buyer.token))
        .send({ plan: 'pro' })
        .expect(503);
      expect(res.body).toEqual({
        code: 'PAYMENTS_NOT_CONFIGURED',
        error: 'Card payments are not configured on this network',
      });
      await request(bare.url)
        .post('/api/billing/webhooks/paypal')
        .set(paypal.signedDelivery({ id: 'WH-1', event_type: 'X', resource: {} }).headers)
        .send({ id: 'WH-1', event_type: 'X', resource: {} })
        .expect(503);
    } finally {
      await bare.context.db.dropDatabase().catch(() => undefined);
      await bare.stop();
    }
    const configured = await api().get('/api/billing/config').expect(200);
    expect(configured.body).toEqual({ configured: true, clientId: paypal.clientId, environment: 'sandbox' });
  });
});
