import { conflict, notFound, type AuthUser } from '@podz/kit';
import type { Payment } from '@podz/proto';
import { PayPalError } from '../paypal/paypal-client';
import type { BillingDeps } from './billing-deps';
import { paymentView } from './payment-views';
import { paymentRefused, settleCapture } from './settle-capture';
import { paypalOf, providerFailed, savedAccount } from './paypal-checkout';

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
  const claimed = await deps.payments.claimForCapture(payment.id);
  if (!claimed) throw conflict('This payment is being confirmed; look at your plan in a moment');

  let order;
  try {
    order = await paypal.captureOrder(orderId, `capture-${payment.id}-${claimed.captureAttempts}`);
  } catch (err) {
    const issue = err instanceof PayPalError ? err.issue : undefined;
    // Taken already (a capture this one does not know of): PayPal's webhook settles the payment.
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      throw conflict('PayPal has taken this payment already; it will be confirmed in a moment');
    }
    const refusedByPayPal =
      err instanceof PayPalError && !err.unreachable && err.status !== 401 && issue !== 'ORDER_NOT_APPROVED';
    if (refusedByPayPal) {
      const failed = await deps.payments.transition(payment.id, ['capturing'], 'failed', {
        reason: `PayPal refused the payment (${issue})`,
      });
      throw paymentRefused(failed ?? payment);
    }
    // Not captured: the buyer may try again.
    await deps.payments.transition(payment.id, ['capturing'], 'created');
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
