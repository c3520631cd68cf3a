import { z } from 'zod';

/**
 * The few shapes of PayPal's REST API that billing uses, from PayPal's API reference
 * (developer.paypal.com/api/rest): OAuth 2.0 client credentials, Orders v2 create and capture,
 * and webhook signature verification. Answers are checked with these before anything trusts them.
 */

export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export type Money = z.infer<typeof moneySchema>;

/**
 * Where the money comes from: the buyer's PayPal account, saved in PayPal's vault once the first
 * capture succeeds (for the merchant to charge later, the buyer not present), or the payment
 * token of an account saved before.
 */
export type PaymentSource =
  | {
      paypal: {
        attributes: {
          vault: { store_in_vault: 'ON_SUCCESS'; usage_type: 'MERCHANT'; customer_type: 'CONSUMER' };
        };
      };
    }
  | { paypal: { vault_id: string } };

/** `POST /v2/checkout/orders`. */
export interface OrderRequest {
  intent: 'CAPTURE';
  purchase_units: {
    reference_id: string;
    custom_id: string;
    description: string;
    amount: Money;
  }[];
  payment_source?: PaymentSource;
}

export const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema,
  custom_id: z.string().optional(),
  status_details: z.object({ reason: z.string() }).partial().optional(),
});
export type Capture = z.infer<typeof captureSchema>;

/** What PayPal says it saved: a payment token (`id`) once `status` is `VAULTED`. */
const vaultSchema = z.object({
  id: z.string().optional(),
  status: z.string().optional(),
  customer: z.object({ id: z.string() }).partial().optional(),
});

export const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  payment_source: z
    .object({
      paypal: z.object({ attributes: z.object({ vault: vaultSchema.optional() }).optional() }).optional(),
    })
    .optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** PayPal's error body: a name, and for 422s the issue that says what went wrong. */
export const errorAnswerSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

/** The headers PayPal signs a webhook delivery with, as `verify-webhook-signature` wants them. */
export const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;
export type WebhookTransmission = Record<keyof typeof WEBHOOK_HEADERS, string>;

export const verificationAnswerSchema = z.object({
  verification_status: z.enum(['SUCCESS', 'FAILURE']),
});

/** A webhook event: what billing reads of it. The resource is read per event type. */
export const webhookEventSchema = z.looseObject({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource: z.looseObject({}),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The resource of `PAYMENT.CAPTURE.*` events: a capture, with the order it belongs to. */
export const captureResourceSchema = captureSchema.extend({
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string() }).partial() })
    .partial()
    .optional(),
});
