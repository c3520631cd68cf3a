import { z } from 'zod';
import { PLAN_CURRENCIES, planIntervalSchema } from '../content/pricing-plan-api';
import { planSchema } from '../identity/user-fields';
import { objectIdSchema } from '../ids';

/**
 * Payments: a member buys a plan with PayPal. The server creates the PayPal order from
 * the plan's price (never from the browser), captures it after the buyer approves, checks what
 * PayPal captured against what it asked for, and only then tells identity to change the plan.
 */

/** PayPal's order ids: short, upper-case letters and digits (for example `5O190127TN364715T`). */
export const paypalOrderIdSchema = z
  .string({ error: 'orderId must be a string' })
  .regex(/^[A-Z0-9-]{6,36}$/, { error: 'orderId must be a PayPal order id' });

export const PAYMENT_STATES = ['created', 'capturing', 'completed', 'refused', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** `checkout`: the member paid at PayPal; `renewal`: billing charged their saved PayPal account. */
export const PAYMENT_KINDS = ['checkout', 'renewal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** `GET /api/billing/config` (anyone): whether card payments work here, and what the script needs. */
export const billingConfigSchema = z.object({
  configured: z.boolean(),
  /** PayPal's public client id for the JS SDK; null when payments are not configured. */
  clientId: z.string().nullable(),
  environment: z.enum(['sandbox', 'production']),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** `POST /api/billing/orders`: start paying for a plan; the amount is the plan's. */
export const createOrderBodySchema = z.strictObject({ plan: planSchema });

/** `POST /api/billing/orders` answers 201 with PayPal's order id, for the buttons' `createOrder`. */
export const createdOrderSchema = z.object({ orderId: z.string(), paymentId: objectIdSchema });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** `POST /api/billing/orders/{orderId}/capture`: after the buyer approved, take the money. */
export const orderParamsSchema = z.object({ orderId: paypalOrderIdSchema });

/** Who bought which plan at what price: a payment's and a subscription's common fields. */
export const planPurchaseFields = {
  userId: objectIdSchema,
  plan: z.string(),
  planName: z.string(),
  /** A decimal string, as PayPal writes money (`9.99`). */
  amount: z.string(),
  currency: z.enum(PLAN_CURRENCIES),
  interval: planIntervalSchema,
};

export const paymentSchema = z.object({
  id: objectIdSchema,
  ...planPurchaseFields,
  kind: z.enum(PAYMENT_KINDS),
  state: z.enum(PAYMENT_STATES),
  /** Why a payment was refused or failed; null otherwise. */
  reason: z.string().nullable(),
  orderId: z.string(),
  captureId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENTS_LIST_MAX = 50;

/** `GET /api/billing/payments`: the caller's own; an admin may name any user. Newest first. */
export const paymentsQuerySchema = z.object({ userId: objectIdSchema.optional() });
export const paymentListSchema = z.object({ items: z.array(paymentSchema) });
export type PaymentList = z.infer<typeof paymentListSchema>;
