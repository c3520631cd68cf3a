import type { Logger, RateLimiter } from '@podz/kit';
import type { PlanBook } from '@podz/read-models';
import type { BillingConfig } from '../config';
import type { PaymentRepository } from '../data/payment-repository';
import type { SubscriptionRepository } from '../data/subscription-repository';
import type { PayPalClient } from '../paypal/paypal-client';

/** What the use cases work with; built once per process in billing-service.ts. */
export interface BillingDeps {
  config: BillingConfig;
  logger: Logger;
  payments: PaymentRepository;
  subscriptions: SubscriptionRepository;
  /** The pricing plans content offers, as its events last said: the only source of a price. */
  plans: PlanBook;
  limiter: RateLimiter;
  /** Absent when PayPal's credentials are not configured: then no checkout starts. */
  paypal: PayPalClient | undefined;
}
