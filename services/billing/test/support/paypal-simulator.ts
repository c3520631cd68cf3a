import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A local stand-in for PayPal's REST API: THE ONE SIMULATED COMPONENT IN PODZ. PayPal cannot be
 * reached from the machines PODZ is built and tested on, so billing's suites and the end-to-end
 * test talk to this instead. It answers exactly the calls billing makes, as PayPal's API
 * reference documents them, and nothing else:
 *
 * - `POST /v1/oauth2/token` (client credentials, HTTP Basic);
 * - `POST /v2/checkout/orders` and `POST /v2/checkout/orders/{id}/capture` (Orders v2, with
 *   `PayPal-Request-Id` idempotency, CREATED → APPROVED → COMPLETED, the 404 and 422 issues);
 * - saving the buyer's PayPal account with a purchase (`payment_source.paypal.attributes.vault`,
 *   `store_in_vault: ON_SUCCESS`: the capture answers the payment token, `status: VAULTED`), and
 *   charging a saved account (`payment_source.paypal.vault_id`: the order is captured at once,
 *   no buyer present);
 * - `POST /v1/notifications/verify-webhook-signature`, for deliveries it signed itself the way
 *   PayPal does: RSA-SHA256 over `transmission_id|transmission_time|webhook_id|crc32(body)`.
 *
 * What a buyer does on paypal.com (log in, approve) is `approve(orderId)`; what PayPal's webhook
 * sender does is `signedDelivery(event)`. Neither is part of PayPal's REST API, and billing never
 * calls them.
 */
export class PayPalSimulator {
  readonly clientId = 'sim-client-id';
  readonly clientSecret = 'sim-client-secret';
  readonly webhookId = 'WH-SIM-0001';
  /** When set, every call answers 503, as PayPal does in an outage. */
  unavailable = false;
  /** What the next capture's status is: PayPal captures can be held (PENDING) or declined. */
  nextCaptureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED' = 'COMPLETED';
  /** Every call billing made, method and path, in order. */
  readonly calls: string[] = [];
  /** Saved accounts, by payment token: the customer PayPal made for the buyer. */
  readonly vault = new Map<string, { customerId: string }>();
  /** Saved accounts whose bank now declines every charge (a card expired, funds gone). */
  readonly declining = new Set<string>();

  private server: Server | undefined;
  private readonly tokens = new Map<string, number>();
  private readonly orders = new Map<string, SimOrder>();
  /** `PayPal-Request-Id` → the answer given, so a retried request gets the same one. */
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  url = '';

  get certUrl(): string {
    return `${this.url}/v1/notifications/certs/CERT-360caa42-sim`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) =>
        send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The environment billing needs to use this simulator. */
  env(): Record<string, string> {
    return {
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_API_BASE: this.url,
      PAYPAL_WEBHOOK_ID: this.webhookId,
    };
  }

  /**
   * The buyer approves the order on PayPal's site; when the order asks to save their account,
   * they agree to that too unless told not to.
   */
  approve(orderId: string, { saveAccount = true } = {}): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId} at the simulator`);
    if (order.status === 'CREATED') order.status = 'APPROVED';
    if (!saveAccount) order.saveAccount = false;
  }

  /** Charges made to saved accounts (renewals), in order. */
  charges(): SimOrder[] {
    return [...this.orders.values()].filter((order) => order.vaultId !== undefined);
  }

  order(orderId: string): Readonly<SimOrder> | undefined {
    return this.orders.get(orderId);
  }

  /** A webhook delivery as PayPal would send it: the event as its body, signed in its headers. */
  signedDelivery(event: object): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(signedText(transmissionId, transmissionTime, this.webhookId, body));
    return {
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': this.certUrl,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signer.sign(this.keys.privateKey, 'base64'),
        'paypal-transmission-time': transmissionTime,
      },
      body,
    };
  }

  /** A `PAYMENT.CAPTURE.COMPLETED` event for a capture of this order (its amount unless told). */
  captureCompletedEvent(orderId: string, amount?: { currency_code: string; value: string }) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId} at the simulator`);
    const unit = order.purchase_units[0]!;
    return {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: `Payment completed for $ ${unit.amount.value} ${unit.amount.currency_code}`,
      resource: {
        id: order.captureId ?? randomId(),
        status: 'COMPLETED',
        amount: amount ?? unit.amount,
        final_capture: true,
        custom_id: unit.custom_id,
        supplementary_data: { related_ids: { order_id: order.id } },
        create_time: new Date().toISOString(),
        update_time: new Date().toISOString(),
      },
    };
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    this.calls.push(`${req.method} ${path}`);
    const raw = await readBody(req);
    if (this.unavailable)
      return send(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' });
    if (req.method === 'POST' && path === '/v1/oauth2/token') return this.token(req, raw, res);
    if (!this.authorized(req)) {
      return send(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    }
    const body = parseJson(raw);
    if (body === undefined)
      return send(res, 400, invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && path === '/v2/checkout/orders')
      return this.idempotent(req, res, () => this.createOrder(body));
    if (req.method === 'POST' && capture) return this.idempotent(req, res, () => this.capture(capture[1]!));
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return send(res, ...this.verify(body));
    }
    send(res, 404, { name: 'NOT_FOUND', message: 'The specified resource does not exist.' });
  }

  private token(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString().split(':') : [];
    if (id !== this.clientId || secret !== this.clientSecret) {
      return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + 32_400_000);
    send(res, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
    });
  }

  private authorized(req: IncomingMessage): boolean {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expires = bearer ? this.tokens.get(bearer[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  private idempotent(req: IncomingMessage, res: ServerResponse, answer: () => [number, unknown]): void {
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${req.url} ${requestId}` : undefined;
    const earlier = key ? this.replies.get(key) : undefined;
    if (earlier) return send(res, earlier.status, earlier.body);
    const [status, body] = answer();
    if (key && status < 500) this.replies.set(key, { status, body });
    send(res, status, body);
  }

  private createOrder(body: Record<string, unknown>): [number, unknown] {
    const units = body.purchase_units as SimUnit[] | undefined;
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      return [
        400,
        invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/intent'),
      ];
    }
    const unit = Array.isArray(units) ? units[0] : undefined;
    const amount = unit?.amount;
    if (
      !amount ||
      typeof amount.currency_code !== 'string' ||
      !/^\d{1,10}(\.\d{1,2})?$/.test(String(amount.value))
    ) {
      return [
        400,
        invalidRequest(
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
          "/purchase_units/@reference_id=='default'/amount",
        ),
      ];
    }
    const paypal = (body.payment_source as { paypal?: SimPayPalSource } | undefined)?.paypal;
    const vaultId = paypal?.vault_id;
    if (vaultId !== undefined && !this.vault.has(vaultId)) return [404, notFound()];
    const id = randomId();
    const order: SimOrder = {
      id,
      intent: body.intent,
      status: 'CREATED',
      purchase_units: units!.map((u) => ({ ...u, reference_id: u.reference_id ?? 'default' })),
      create_time: new Date().toISOString(),
      saveAccount: paypal?.attributes?.vault?.store_in_vault === 'ON_SUCCESS',
      vaultId,
    };
    this.orders.set(id, order);
    // A saved account pays without its owner: PayPal captures the order as it creates it.
    if (vaultId !== undefined) return this.take(order);
    return [201, { ...order, links: this.links(id) }];
  }

  private capture(orderId: string): [number, unknown] {
    const order = this.orders.get(orderId);
    if (!order) return [404, notFound()];
    if (order.status === 'CREATED') {
      return [
        422,
        unprocessable(
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        ),
      ];
    }
    if (order.status === 'COMPLETED') {
      return [
        422,
        unprocessable(
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      ];
    }
    return this.take(order);
  }

  /** Takes the money for an approved order (or one paid by a saved account), as told to. */
  private take(order: SimOrder): [number, unknown] {
    const status =
      order.vaultId !== undefined && this.declining.has(order.vaultId) ? 'DECLINED' : this.nextCaptureStatus;
    this.nextCaptureStatus = 'COMPLETED';
    if (status === 'DECLINED') {
      return [
        422,
        unprocessable(
          'INSTRUMENT_DECLINED',
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        ),
      ];
    }
    order.status = 'COMPLETED';
    order.captureId = randomId();
    const now = new Date().toISOString();
    const unit = order.purchase_units[0]!;
    return [
      201,
      {
        id: order.id,
        status: 'COMPLETED',
        payment_source: {
          paypal: {
            email_address: 'buyer@example.com',
            account_id: 'QYR5Z8XDVJNXQ',
            account_status: 'VERIFIED',
            ...this.saved(order),
          },
        },
        purchase_units: [
          {
            reference_id: unit.reference_id,
            payments: {
              captures: [
                {
                  id: order.captureId,
                  status,
                  ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
                  amount: unit.amount,
                  final_capture: true,
                  custom_id: unit.custom_id,
                  create_time: now,
                  update_time: now,
                },
              ],
            },
          },
        ],
        payer: {
          name: { given_name: 'John', surname: 'Doe' },
          email_address: 'buyer@example.com',
          payer_id: 'QYR5Z8XDVJNXQ',
        },
        links: [{ href: `${this.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
      },
    ];
  }

  /** The vault attributes of a capture: the token the account is (now) saved under. */
  private saved(order: SimOrder) {
    if (order.vaultId !== undefined) {
      const { customerId } = this.vault.get(order.vaultId)!;
      return { attributes: { vault: { id: order.vaultId, customer: { id: customerId } } } };
    }
    if (!order.saveAccount) return {};
    const token = randomId().slice(0, 7).toLowerCase();
    const customerId = randomId().slice(0, 10);
    this.vault.set(token, { customerId });
    order.saveAccount = false;
    order.savedAs = token;
    return {
      attributes: {
        vault: {
          id: token,
          status: 'VAULTED',
          customer: { id: customerId },
          links: [
            { href: `${this.url}/v3/vault/payment-tokens/${token}`, rel: 'self', method: 'GET' },
            { href: `${this.url}/v3/vault/payment-tokens/${token}`, rel: 'delete', method: 'DELETE' },
          ],
        },
      },
    };
  }

  private verify(body: Record<string, unknown>): [number, unknown] {
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    const missing = fields.find((field) => typeof body[field] !== 'string');
    if (missing || typeof body.webhook_event !== 'object' || body.webhook_event === null) {
      return [
        400,
        invalidRequest(
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
          `/${missing ?? 'webhook_event'}`,
        ),
      ];
    }
    const f = body as Record<string, string>;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(
      signedText(f.transmission_id!, f.transmission_time!, f.webhook_id!, JSON.stringify(body.webhook_event)),
    );
    let signed = false;
    try {
      signed = verifier.verify(this.keys.publicKey, f.transmission_sig!, 'base64');
    } catch {
      signed = false;
    }
    const ok =
      f.auth_algo === 'SHA256withRSA' &&
      f.cert_url === this.certUrl &&
      f.webhook_id === this.webhookId &&
      signed;
    return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
  }

  private links(id: string) {
    return [
      { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `${this.url}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
      { href: `${this.url}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }
}

interface SimUnit {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: { currency_code: string; value: string };
}

interface SimPayPalSource {
  vault_id?: string;
  attributes?: { vault?: { store_in_vault?: string } };
}

interface SimOrder {
  id: string;
  intent: unknown;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: SimUnit[];
  create_time: string;
  captureId?: string;
  /** Asked to save the buyer's account on success (and, once approved, the buyer agreed). */
  saveAccount: boolean;
  /** Paid by this saved account. */
  vaultId?: string;
  /** The payment token the buyer's account was saved under when this order was captured. */
  savedAs?: string;
}

/** What PayPal signs: the transmission id and time, the webhook id, and the CRC32 of the body. */
const signedText = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(body) >>> 0}`;

/** PayPal's ids: 17 upper-case letters and digits. */
const randomId = () =>
  Array.from(randomBytes(17), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[byte % 36]).join('');

const invalidRequest = (issue: string, description: string, field?: string) => ({
  name: 'INVALID_REQUEST',
  message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
});

const notFound = () => ({
  name: 'RESOURCE_NOT_FOUND',
  message: 'The specified resource does not exist.',
  debug_id: randomBytes(7).toString('hex'),
  details: [
    {
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ],
});

const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ issue, description }],
});

function parseJson(raw: string): Record<string, unknown> | undefined {
  if (raw === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'paypal-debug-id': randomBytes(7).toString('hex'),
  });
  res.end(JSON.stringify(body));
}
