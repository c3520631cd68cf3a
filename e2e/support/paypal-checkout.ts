import type { BrowserContext } from 'playwright-core';
import type { PayPalSimulator } from '../../services/billing/test/support/paypal-simulator';

/** Where the web app asks for PayPal's JS SDK (sandbox and live). */
export const PAYPAL_SDK = /^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\/js/;

/**
 * PayPal's JS SDK cannot be fetched here, so the browser gets a stand-in for the part of it the
 * pricing page uses: `paypal.Buttons(props)` with `isEligible`, `render` and `close`, whose one
 * button does what PayPal's checkout does. It calls the page's `createOrder` (PODZ's API makes
 * the order at the simulator), has the buyer approve it at the simulator (what the buyer does in
 * PayPal's window), then calls the page's `onApprove` with the order id (PODZ's API captures it).
 * Everything on PODZ's side of the buttons is the real code.
 */
export async function serveCheckoutStandIn(context: BrowserContext, paypal: PayPalSimulator): Promise<void> {
  await context.exposeFunction('__podzBuyerApproves', (orderId: string) => paypal.approve(orderId));
  await context.route(PAYPAL_SDK, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: `(${standIn.toString()})();` }),
  );
}

/** Runs in the page: the stand-in `window.paypal`. */
function standIn() {
  type Props = {
    createOrder: (data: object, actions: object) => Promise<string>;
    onApprove: (data: { orderID: string }, actions: object) => Promise<void>;
    onError?: (error: unknown) => void;
    onInit?: (data: object, actions: { enable(): Promise<void>; disable(): Promise<void> }) => void;
  };
  const approve = (window as unknown as { __podzBuyerApproves(id: string): Promise<void> })
    .__podzBuyerApproves;
  (window as unknown as { paypal: object }).paypal = {
    version: 'stand-in',
    Buttons(props: Props) {
      let button: HTMLButtonElement | undefined;
      let enabled = true;
      return {
        isEligible: () => true,
        render(container: HTMLElement) {
          button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Pay with PayPal';
          button.onclick = async () => {
            if (!enabled) return;
            let orderID: string;
            try {
              orderID = await props.createOrder({}, {});
            } catch (error) {
              props.onError?.(error);
              return;
            }
            await approve(orderID);
            await props.onApprove({ orderID }, {});
          };
          container.appendChild(button);
          props.onInit?.(
            {},
            {
              enable: async () => void (enabled = true),
              disable: async () => void (enabled = false),
            },
          );
          return Promise.resolve();
        },
        close: () => {
          button?.remove();
          return Promise.resolve();
        },
        updateProps: () => Promise.resolve(),
      };
    },
  };
}
