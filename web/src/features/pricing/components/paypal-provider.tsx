import { PayPalScriptProvider, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import type { ReactNode } from 'react';

/**
 * The payment provider around every page (spec §1), with vaulting so a card can be kept for
 * renewals. `deferLoading`: the script is fetched from PayPal only when a page with buttons asks
 * for it, so pages without payments never wait for it. The provider's Braintree client library is
 * pinned at 3.84.0 (PAYMENT_SDK_VERSION in proto) by the exact @paypal/react-paypal-js version in package.json.
 */
const OPTIONS: ReactPayPalScriptOptions = {
  clientId: import.meta.env.VITE_PAYPAL_CLIENT_ID ?? 'test',
  vault: true,
  intent: 'capture',
  components: 'buttons',
  currency: 'USD',
  dataNamespace: 'paypal',
};

export function PaymentProvider({ children }: { children: ReactNode }) {
  return (
    <PayPalScriptProvider options={OPTIONS} deferLoading>
      {children}
    </PayPalScriptProvider>
  );
}
