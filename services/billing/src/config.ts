import { z } from 'zod';
import { serviceConfig } from '@podz/kit';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

export const billingConfigSchema = serviceConfig({ port: 4007, database: 'podz_billing' }).extend({
  /**
   * The REST app's credentials (developer.paypal.com → Apps & Credentials). Without both, paid
   * plans say payments are not configured and no checkout starts.
   */
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  /** Sandbox unless told otherwise; the live API is `https://api-m.paypal.com`. */
  PAYPAL_API_BASE: z.url().default(PAYPAL_SANDBOX_API),
  /** The id PayPal gave the webhook pointing at `/api/billing/webhooks/paypal`; needed to verify deliveries. */
  PAYPAL_WEBHOOK_ID: optional,
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Checkouts a member may start per hour: each is a PayPal order and a payment record. */
  CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** How often billing looks for renewals that are due. */
  RENEWAL_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** After a declined renewal, the wait before the next try (a day). */
  RENEWAL_RETRY_MS: z.coerce.number().int().min(1).default(86_400_000),
  /** Renewals declined in a row before the plan ends. */
  RENEWAL_MAX_DECLINES: z.coerce.number().int().min(1).default(3),
  /** How long a renewal charge holds its subscription before another run may take it over. */
  RENEWAL_LEASE_MS: z.coerce.number().int().min(1000).default(600_000),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
