import { forbidden, isAdmin, type AuthUser } from '@podz/kit';
import type { BillingConfig as PublicBillingConfig, PaymentList } from '@podz/proto';
import { PAYPAL_LIVE_API } from '../config';
import type { BillingDeps } from './billing-deps';
import { paymentView } from './payment-views';

/** `GET /api/billing/config`: whether paid plans can be bought here, and what the buttons load. */
export function billingConfig(deps: BillingDeps): PublicBillingConfig {
  const live = new URL(deps.config.PAYPAL_API_BASE).origin === new URL(PAYPAL_LIVE_API).origin;
  return {
    configured: Boolean(deps.paypal),
    clientId: deps.paypal ? (deps.config.PAYPAL_CLIENT_ID ?? null) : null,
    environment: live ? 'production' : 'sandbox',
  };
}

/** `GET /api/billing/payments`: the caller's own history; an admin may name anyone. */
export async function listPayments(
  deps: BillingDeps,
  caller: AuthUser,
  userId?: string,
): Promise<PaymentList> {
  const whose = userId ?? caller.id;
  if (whose !== caller.id && !isAdmin(caller)) throw forbidden('You can only see your own payments');
  return { items: (await deps.payments.forUser(whose)).map(paymentView) };
}
