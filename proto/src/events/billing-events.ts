import { z } from 'zod';
import { PLAN_CURRENCIES } from '../content/pricing-plan-api';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

// Payment events: key and subject = payment id.
export const paymentCompleted = defineEvent({
  type: 'podz.billing.payment.completed',
  topic: TOPICS.billingPayment,
  source: 'billing',
  description:
    'PayPal captured a payment for a plan and billing verified the amount; identity moves the buyer to the plan.',
  data: z.object({
    paymentId: objectIdSchema,
    userId: objectIdSchema,
    plan: z.string(),
    amount: z.string(),
    currency: z.enum(PLAN_CURRENCIES),
    orderId: z.string(),
    captureId: z.string(),
  }),
  example: {
    paymentId: '64b7f0c2a1b2c3d4e5f60740',
    userId: '64b7f0c2a1b2c3d4e5f60718',
    plan: 'pro',
    amount: '9.99',
    currency: 'USD' as const,
    orderId: '5O190127TN364715T',
    captureId: '3C679366HH908993F',
  },
});

export const BILLING_PAYMENT_EVENTS = [paymentCompleted];
