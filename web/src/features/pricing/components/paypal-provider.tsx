import { PayPalScriptProvider, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import type { ReactNode } from 'react';

/**
 * How PayPal's script is asked for, with vaulting so a card can be kept for renewals. The client
 * id and environment are the server's (`GET /api/billing/config`): the pricing page resets the
 * options with them before the script loads.
 */
export const PAYPAL_OPTIONS: ReactPayPalScriptOptions = {
  clientId: 'not-configured',
  vault: true,
  intent: 'capture',
  components: 'buttons',
  currency: 'USD',
  dataNamespace: 'paypal',
};

/**
 * The payment provider around every page (spec §1). `deferLoading`: the script is fetched from
 * PayPal only when a page with buttons asks for it, so pages without payments never wait for it.
 * The provider's Braintree client library is pinned at 3.84.0 (PAYMENT_SDK_VERSION in proto) by
 * the exact @paypal/react-paypal-js version in package.json.
 */
export function PaymentProvider({ children }: { children: ReactNode }) {
  return (
    <PayPalScriptProvider options={PAYPAL_OPTIONS} deferLoading>
      {children}
    </PayPalScriptProvider>
  );
}
