import { PlanBook, RateLimiter, startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { BillingConfig } from './config';
import { paymentModel } from './data/payment-model';
import { PaymentRepository } from './data/payment-repository';
import type { BillingDeps } from './domain/billing-deps';
import { billingRoutes } from './http/billing-routes';
import { PayPalClient } from './paypal/paypal-client';

/**
 * The billing service: PayPal orders created and captured on the server from the plans content
 * offers, PayPal's webhooks verified with PayPal, and a record of every payment. A verified
 * payment goes out as `podz.billing.payment.completed`; identity changes the plan from it.
 */
export function startBilling(config: BillingConfig) {
  return startService({
    name: 'billing',
    config,
    topics: [TOPICS.billingPayment],
    setup: async ({ db, redis, relay, logger }) => {
      const payments = paymentModel(db);
      await payments.init();
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
        plans,
        limiter: new RateLimiter(redis),
        paypal,
      };
      return {
        routes: [billingRoutes(deps)],
        aggregates: [payments],
        consumers: [
          { groupId: 'billing-plans', subscriptions: plans.subscriptions(), idempotentHandlers: true },
        ],
      };
    },
  });
}
