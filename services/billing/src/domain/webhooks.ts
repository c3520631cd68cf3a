import { AppError, badRequest } from '@podz/kit';
import {
  WEBHOOK_HEADERS,
  captureResourceSchema,
  webhookEventSchema,
  type WebhookEvent,
  type WebhookTransmission,
} from '../paypal/paypal-api';
import type { BillingDeps } from './billing-deps';
import { notConfigured } from './paypal-checkout';
import { settleCapture } from './settle-capture';

export interface WebhookAnswer {
  /** What the delivery did: `applied` changed a payment, `ignored` did not need to. */
  result: 'applied' | 'ignored';
}

function transmissionOf(headers: Record<string, string | string[] | undefined>): WebhookTransmission {
  const entries = Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, headers[header]]);
  const missing = entries.filter(([, value]) => typeof value !== 'string' || value === '');
  if (missing.length > 0) {
    throw badRequest(
      'Not a PayPal webhook delivery: its signature headers are missing',
      missing.map(([field]) => ({
        path: WEBHOOK_HEADERS[field as keyof WebhookTransmission],
        message: 'required',
      })),
    );
  }
  return Object.fromEntries(entries) as WebhookTransmission;
}

/**
 * `POST /api/billing/webhooks/paypal`. Nothing in a delivery is believed until PayPal's
 * `verify-webhook-signature` says PayPal sent it: a forged one is a 400, and when PayPal cannot be
 * asked it is a 502, which PayPal retries later. A verified `PAYMENT.CAPTURE.COMPLETED` settles
 * the payment it names exactly as the capture does (the amount checked again); a repeated
 * delivery finds the payment settled and changes nothing.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<WebhookAnswer> {
  const webhookId = deps.config.PAYPAL_WEBHOOK_ID;
  if (!deps.paypal || !webhookId) throw notConfigured();
  const transmission = transmissionOf(headers);
  const event = webhookEventSchema.safeParse(body);
  if (!event.success)
    throw badRequest('Not a PayPal webhook event: it needs an id, an event_type and a resource');

  let verified: boolean;
  try {
    // The body as it arrived, not as parsed: PayPal's signature covers its exact content.
    verified = await deps.paypal.verifyWebhook(transmission, webhookId, body as WebhookEvent);
  } catch (err) {
    deps.logger.error({ err, eventId: event.data.id }, 'webhook not verified: PayPal failed');
    throw new AppError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'PayPal could not verify this delivery; send it again later',
    );
  }
  if (!verified) {
    deps.logger.warn({ eventId: event.data.id, type: event.data.event_type }, 'webhook signature refused');
    throw badRequest('The webhook signature did not verify: PayPal did not send this');
  }
  return applyEvent(deps, event.data.event_type, event.data.resource, event.data.id);
}

async function applyEvent(
  deps: BillingDeps,
  type: string,
  resource: unknown,
  eventId: string,
): Promise<WebhookAnswer> {
  const handled = ['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED'];
  if (!handled.includes(type)) return { result: 'ignored' };
  const capture = captureResourceSchema.safeParse(resource);
  if (!capture.success) throw badRequest(`A ${type} event needs a capture as its resource`);
  const paymentId = capture.data.custom_id;
  const orderId = capture.data.supplementary_data?.related_ids?.order_id;
  const payment = await deps.payments.findByCapture(paymentId, orderId);
  // A capture of something billing did not sell (another app on the same PayPal account).
  if (!payment) return { result: 'ignored' };
  const status = type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED';
  const settled = await settleCapture(deps, payment, { ...capture.data, status });
  deps.logger.info({ eventId, type, paymentId: payment.id, outcome: settled.outcome }, 'webhook applied');
  return { result: settled.outcome === 'unchanged' ? 'ignored' : 'applied' };
}
