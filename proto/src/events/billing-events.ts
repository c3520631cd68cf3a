import { z } from 'zod';
import { PLAN_CURRENCIES } from '../content/pricing-plan-api';
import { PAYMENT_KINDS } from '../billing/payment-api';
import { SUBSCRIPTION_END_REASONS } from '../billing/subscription-api';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

// Payment events: key and subject = payment id.
export const paymentCompleted = defineEvent({
  type: 'podz.billing.payment.completed',
  topic: TOPICS.billingPayment,
  source: 'billing',
  description:
    'PayPal captured a payment for a plan and billing verified the amount. A checkout moves the buyer to the plan (identity) and starts or extends their subscription (billing); a renewal extends the subscription.',
  data: z.object({
    paymentId: objectIdSchema,
    /** Events from before renewals existed were all checkouts. */
    kind: z.enum(PAYMENT_KINDS).default('checkout'),
    userId: objectIdSchema,
    plan: z.string(),
    amount: z.string(),
    currency: z.enum(PLAN_CURRENCIES),
    orderId: z.string(),
    captureId: z.string(),
  }),
  example: {
    paymentId: '64b7f0c2a1b2c3d4e5f60740',
    kind: 'checkout' as const,
    userId: '64b7f0c2a1b2c3d4e5f60718',
    plan: 'pro',
    amount: '9.99',
    currency: 'USD' as const,
    orderId: '5O190127TN364715T',
    captureId: '3C679366HH908993F',
  },
});

export const BILLING_PAYMENT_EVENTS = [paymentCompleted];

// Subscription events: key and subject = the member's user id (one subscription per member).
export const subscriptionEnded = defineEvent({
  type: 'podz.billing.subscription.ended',
  topic: TOPICS.billingSubscription,
  source: 'billing',
  description:
    'A paid plan ran out without being renewed (cancelled, its renewal charges declined, or the plan withdrawn); identity moves the member back to the free plan if they are still on it.',
  data: z.object({
    userId: objectIdSchema,
    plan: z.string(),
    reason: z.enum(SUBSCRIPTION_END_REASONS),
    paidThrough: z.iso.datetime(),
  }),
  example: {
    userId: '64b7f0c2a1b2c3d4e5f60718',
    plan: 'pro',
    reason: 'cancelled' as const,
    paidThrough: '2026-12-25T12:00:00.000Z',
  },
});

export const BILLING_SUBSCRIPTION_EVENTS = [subscriptionEnded];
