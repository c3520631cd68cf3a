import { PeriodicTask, RateLimiter, startService } from '@podz/kit';
import { PlanBook } from '@podz/read-models';
import { TOPICS } from '@podz/proto';
import type { BillingConfig } from './config';
import { paymentModel } from './data/payment-model';
import { PaymentRepository } from './data/payment-repository';
import { renewalClockModel, subscriptionModel } from './data/subscription-model';
import { SubscriptionRepository } from './data/subscription-repository';
import type { BillingDeps } from './domain/billing-deps';
import { sweepRenewals } from './domain/sweep-renewals';
import { subscriptionReactions } from './consumers/subscription-reactions';
import { billingRoutes } from './http/billing-routes';
import { PayPalClient } from './paypal/paypal-client';

/**
 * The billing service: PayPal orders created and captured on the server from the plans content
 * offers, PayPal's webhooks verified with PayPal, and a record of every payment. A verified
 * payment goes out as `podz.billing.payment.completed`; identity changes the plan from it. Each
 * paid plan renews: the first payment saves the buyer's PayPal account, a clock charges it at the
 * end of each period, and a plan that ran out goes out as `podz.billing.subscription.ended`.
 */
export function startBilling(config: BillingConfig) {
  return startService({
    name: 'billing',
    config,
    topics: [TOPICS.billingPayment, TOPICS.billingSubscription],
    setup: async ({ db, redis, relay, logger }) => {
      const payments = paymentModel(db);
      const subscriptions = subscriptionModel(db);
      const clock = renewalClockModel(db);
      await Promise.all([payments.init(), subscriptions.init(), clock.init()]);
      const plans = new PlanBook(db);
      await plans.init();
      const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = config;
      const paypal =
        clientId && clientSecret
          ? new PayPalClient({
              clientId,
              clientSecret,
              apiBase: config.PAYPAL_API_BASE,
              timeoutMs: config.PAYPAL_TIMEOUT_MS,
            })
          : undefined;
      if (!paypal)
        logger.warn('PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET not set: paid plans cannot be bought');
      const deps: BillingDeps = {
        config,
        logger,
        payments: new PaymentRepository(payments, relay),
        subscriptions: new SubscriptionRepository(subscriptions, clock, relay),
        plans,
        limiter: new RateLimiter(redis),
        paypal,
      };
      return {
        routes: [billingRoutes(deps)],
        aggregates: [payments, subscriptions],
        consumers: [
          { groupId: 'billing-plans', subscriptions: plans.subscriptions(), idempotentHandlers: true },
          { groupId: 'billing-subscriptions', subscriptions: subscriptionReactions(deps) },
        ],
        tasks: [new PeriodicTask('renewals', config.RENEWAL_SWEEP_MS, () => sweepRenewals(deps), logger)],
      };
    },
  });
}
