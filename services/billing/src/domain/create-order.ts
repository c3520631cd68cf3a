import { badRequest, conflict, newId, tooManyRequests, type AuthUser } from '@podz/kit';
import type { CreatedOrder } from '@podz/proto';
import type { BillingDeps } from './billing-deps';
import { paypalOf, providerFailed } from './paypal-checkout';

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
