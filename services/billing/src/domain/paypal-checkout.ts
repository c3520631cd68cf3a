import { AppError } from '@podz/kit';
import type { Order } from '../paypal/paypal-api';
import type { PayPalClient } from '../paypal/paypal-client';
import type { BillingDeps } from './billing-deps';

/** What the checkout use cases (create-order, capture-order, renewals) share about PayPal. */

export const notConfigured = () =>
  new AppError('PAYMENTS_NOT_CONFIGURED', 'Card payments are not configured on this network');

export function paypalOf(deps: BillingDeps): PayPalClient {
  if (!deps.paypal) throw notConfigured();
  return deps.paypal;
}

/** PayPal did not answer, or answered with an error of its own: nothing was charged. */
export function providerFailed(deps: BillingDeps, err: unknown, what: string): AppError {
  deps.logger.error({ err }, `${what}: PayPal failed`);
  return new AppError(
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'PayPal could not be reached; nothing was charged. Please try again.',
  );
}

/** The payment token of the account PayPal saved with this order, once it says it is saved. */
export function savedAccount(order: Order): string | undefined {
  const vault = order.payment_source?.paypal?.attributes?.vault;
  return vault?.status === 'VAULTED' ? vault.id : undefined;
}
