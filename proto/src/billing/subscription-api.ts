import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { planPurchaseFields } from './payment-api';

/**
 * Subscriptions: a paid plan renews. The first payment saves the buyer's PayPal account
 * in PayPal's vault; at the end of each period billing charges that saved account for the next one
 * at the price the member subscribed at. A member cancels renewal and keeps the plan to the end of
 * what they paid for; declined renewals are tried again, and then the plan ends.
 */

/**
 * - `active`: renews at `nextChargeAt`;
 * - `past_due`: the last renewal was declined; tried again at `nextChargeAt` (the plan is kept meanwhile);
 * - `cancelled`: will not renew; the plan ends at `paidThrough`;
 * - `ended`: over (see `endedReason`).
 */
export const SUBSCRIPTION_STATES = ['active', 'past_due', 'cancelled', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_END_REASONS = [
  /** The member cancelled and the paid period ran out. */
  'cancelled',
  /** Every renewal charge was declined. */
  'payment-failed',
  /** Content no longer offers the plan. */
  'plan-withdrawn',
  /** The member (or an admin) moved to another plan. */
  'plan-changed',
  'account-deleted',
] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

export const subscriptionSchema = z.object({
  /** `amount` is what each renewal charges: the plan's price when the member subscribed. */
  ...planPurchaseFields,
  state: z.enum(SUBSCRIPTION_STATES),
  /** Whether a saved payment method will be charged at `nextChargeAt`. */
  renews: z.boolean(),
  paidThrough: z.iso.datetime(),
  /** When the next renewal charge is due; null once the subscription will not renew. */
  nextChargeAt: z.iso.datetime().nullable(),
  /** Renewal charges declined in a row. */
  failedCharges: z.number().int().min(0),
  endedReason: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
  startedAt: z.iso.datetime(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/billing/subscription`: the caller's own (an admin may name anyone); null when none. */
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;
export const subscriptionQuerySchema = z.object({ userId: objectIdSchema.optional() });
