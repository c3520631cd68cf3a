import type { z } from 'zod';
import {
  errorAnswerSchema,
  orderSchema,
  tokenAnswerSchema,
  verificationAnswerSchema,
  type Order,
  type OrderRequest,
  type WebhookEvent,
  type WebhookTransmission,
} from './paypal-api';

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  timeoutMs: number;
}

/** PayPal answered with an error of its own (`status` ≥ 400), or not at all (`status` 0). */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name, or the issue of a 422 (`ORDER_NOT_APPROVED`, `INSTRUMENT_DECLINED`…). */
    readonly issue: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }

  get unreachable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/**
 * The PayPal REST calls billing makes, and only those. The OAuth token is kept until a minute
 * before it expires; a 401 drops it and the call is tried once more with a fresh one.
 */
export class PayPalClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly credentials: PayPalCredentials) {}

  /** `POST /v2/checkout/orders`; the request id makes a retry return the same order. */
  createOrder(order: OrderRequest, requestId: string): Promise<Order> {
    return this.call('POST', '/v2/checkout/orders', orderSchema, order, requestId);
  }

  /** `POST /v2/checkout/orders/{id}/capture`; the request id makes a retry return the same capture. */
  captureOrder(orderId: string, requestId: string): Promise<Order> {
    return this.call(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      orderSchema,
      {},
      requestId,
    );
  }

  /** `POST /v1/notifications/verify-webhook-signature`: whether PayPal signed this delivery. */
  async verifyWebhook(transmission: WebhookTransmission, webhookId: string, event: WebhookEvent) {
    const answer = await this.call(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      verificationAnswerSchema,
      {
        ...transmission,
        webhook_id: webhookId,
        webhook_event: event,
      },
    );
    return answer.verification_status === 'SUCCESS';
  }

  private async call<S extends z.ZodType>(
    method: 'POST',
    path: string,
    schema: S,
    body: unknown,
    requestId?: string,
    retried = false,
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await this.fetch(path, { method, headers, body: JSON.stringify(body) });
    if (res.status === 401 && !retried) {
      this.token = undefined;
      return this.call(method, path, schema, body, requestId, true);
    }
    return this.read(res, schema);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { clientId, clientSecret } = this.credentials;
    const res = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = await this.read(res, tokenAnswerSchema);
    this.token = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in - 60) * 1000 };
    return this.token.value;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.credentials.apiBase), {
        ...init,
        signal: AbortSignal.timeout(this.credentials.timeoutMs),
      });
    } catch (err) {
      throw new PayPalError(0, 'UNREACHABLE', `PayPal could not be reached: ${(err as Error).message}`);
    }
  }

  private async read<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const error = errorAnswerSchema.safeParse(body);
      const detail = error.success ? error.data.details?.[0] : undefined;
      const issue = detail?.issue ?? (error.success ? error.data.name : undefined) ?? `HTTP_${res.status}`;
      const message =
        detail?.description ?? (error.success ? error.data.message : undefined) ?? res.statusText;
      throw new PayPalError(res.status, issue, `PayPal answered ${res.status} ${issue}: ${message}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new PayPalError(502, 'UNEXPECTED_ANSWER', 'PayPal answered something unexpected');
    return parsed.data;
  }
}
