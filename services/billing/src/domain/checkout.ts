import { AppError, badRequest, conflict, newId, notFound, tooManyRequests, type AuthUser } from '@podz/kit';
import type { CreatedOrder, Payment } from '@podz/proto';
import type { Order } from '../paypal/paypal-api';
import { PayPalError, type PayPalClient } from '../paypal/paypal-client';
import type { BillingDeps } from './billing-deps';
import { paymentView } from './payment-views';
import { paymentRefused, settleCapture } from './settle-capture';

export const notConfigured = () =>
  new AppError('PAYMENTS_NOT_CONFIGURED', 'Card payments are not configured on this network');

function paypalOf(deps: BillingDeps): PayPalClient {
  if (!deps.paypal) throw notConfigured();
  return deps.paypal;
}

/** PayPal did not answer, or answered with an error of its own: nothing was charged. */
function providerFailed(deps: BillingDeps, err: unknown, what: string): AppError {
  deps.logger.error({ err }, `${what}: PayPal failed`);
  return new AppError(
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'PayPal could not be reached; nothing was charged. Please try again.',
  );
}

/**
 * `POST /api/billing/orders`: a PayPal order for one period of an active paid plan. The amount is
 * the plan's price as content last published it; the browser only names the plan.
 */
export async function createOrder(deps: BillingDeps, caller: AuthUser, slug: string): Promise<CreatedOrder> {
  const paypal = paypalOf(deps);
  const plan = await deps.plans.offered(slug);
  if (!plan.active) throw conflict(`${plan.name} is not on offer any more`);
  if (plan.price <= 0)
    throw badRequest(`${plan.name} is free: choose it on the pricing page, no payment needed`);
  const rule = { limit: deps.config.CHECKOUTS_PER_HOUR, windowMs: 3_600_000 };
  const decision = await deps.limiter.hit('checkouts', caller.id, rule);
  if (!decision.allowed) {
    throw tooManyRequests(decision.retryAfterSeconds, 'Too many checkouts started; try again later');
  }

  const paymentId = newId();
  const amount = { currency_code: plan.currency, value: plan.price.toFixed(2) };
  let order;
  try {
    order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: plan.slug,
            custom_id: paymentId,
            description: `PODZ ${plan.name}, renews every ${plan.interval}`,
            amount,
          },
        ],
        // PayPal saves the buyer's account once this payment succeeds: renewals charge it.
        payment_source: {
          paypal: {
            attributes: {
              vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT', customer_type: 'CONSUMER' },
            },
          },
        },
      },
      `order-${paymentId}`,
    );
  } catch (err) {
    throw providerFailed(deps, err, 'order not created');
  }
  // An order PayPal made but the store did not record is never approved against a payment here,
  // so it expires unpaid at PayPal.
  await deps.payments.create(paymentId, {
    userId: caller.id,
    plan: plan.slug,
    planName: plan.name,
    amount: amount.value,
    currency: plan.currency,
    interval: plan.interval,
    orderId: order.id,
  });
  deps.logger.info({ paymentId: paymentId, plan: plan.slug, orderId: order.id }, 'order created');
  return { orderId: order.id, paymentId: paymentId };
}

/** The payment token of the account PayPal saved with this order, once it says it is saved. */
export function savedAccount(order: Order): string | undefined {
  const vault = order.payment_source?.paypal?.attributes?.vault;
  return vault?.status === 'VAULTED' ? vault.id : undefined;
}

/**
 * `POST /api/billing/orders/{orderId}/capture`, after the buyer approved at PayPal: capture, check
 * what was captured, and complete the payment (its event moves the buyer to the plan). Only an
 * order billing created for the caller is captured; a repeated approval answers the payment as
 * it is and changes nothing twice.
 */
export async function captureOrder(deps: BillingDeps, caller: AuthUser, orderId: string): Promise<Payment> {
  const paypal = paypalOf(deps);
  const payment = await deps.payments.findByOrderId(orderId);
  if (!payment || payment.userId !== caller.id) throw notFound('Checkout');
  if (payment.state === 'completed') return paymentView(payment);
  if (payment.state === 'refused' || payment.state === 'failed') throw paymentRefused(payment);
  const claimed = await deps.payments.claimForCapture(payment._id);
  if (!claimed) throw conflict('This payment is being confirmed; look at your plan in a moment');

  let order;
  try {
    order = await paypal.captureOrder(
      orderId,
      `capture-${payment._id.toHexString()}-${claimed.captureAttempts}`,
    );
  } catch (err) {
    const issue = err instanceof PayPalError ? err.issue : undefined;
    // Taken already (a capture this one does not know of): PayPal's webhook settles the payment.
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      throw conflict('PayPal has taken this payment already; it will be confirmed in a moment');
    }
    const refusedByPayPal =
      err instanceof PayPalError && !err.unreachable && err.status !== 401 && issue !== 'ORDER_NOT_APPROVED';
    if (refusedByPayPal) {
      const failed = await deps.payments.transition(payment._id, ['capturing'], 'failed', {
        reason: `PayPal refused the payment (${issue})`,
      });
      throw paymentRefused(failed ?? payment);
    }
    // Not captured: the buyer may try again.
    await deps.payments.transition(payment._id, ['capturing'], 'created');
    if (issue === 'ORDER_NOT_APPROVED') throw conflict('PayPal has not approved this payment yet');
    throw providerFailed(deps, err, 'order not captured');
  }
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) throw providerFailed(deps, new Error('no capture in the answer'), 'order not captured');
  const settled = await settleCapture(deps, claimed, capture, savedAccount(order));
  if (settled.payment.state === 'refused' || settled.payment.state === 'failed')
    throw paymentRefused(settled.payment);
  return paymentView(settled.payment);
}
