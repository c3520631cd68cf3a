import express from 'express';
import { z } from 'zod';
import { handle, handleSignedIn, requireAuth } from '@podz/kit';
import {
  createOrderBodySchema,
  orderParamsSchema,
  paymentsQuerySchema,
  subscriptionQuerySchema,
} from '@podz/proto';
import type { BillingDeps } from '../domain/billing-deps';
import { captureOrder } from '../domain/capture-order';
import { createOrder } from '../domain/create-order';
import { billingConfig, listPayments } from '../domain/read-payments';
import { cancelRenewal, readSubscription } from '../domain/read-subscription';
import { receiveWebhook } from '../domain/webhooks';

/** The billing API: checkout for signed-in members, history, the subscription, and PayPal's webhooks. */
export function billingRoutes(deps: BillingDeps): express.Router {
  const router = express.Router();

  router.get(
    '/api/billing/config',
    handle({}, () => billingConfig(deps)),
  );
  router.post(
    '/api/billing/orders',
    requireAuth,
    handleSignedIn({ body: createOrderBodySchema }, async ({ body, user }, _req, res) => {
      const created = await createOrder(deps, user, body.plan);
      res.status(201);
      return created;
    }),
  );
  router.post(
    '/api/billing/orders/:orderId/capture',
    requireAuth,
    handleSignedIn({ params: orderParamsSchema }, ({ params, user }) =>
      captureOrder(deps, user, params.orderId),
    ),
  );
  router.get(
    '/api/billing/payments',
    requireAuth,
    handleSignedIn({ query: paymentsQuerySchema }, ({ query, user }) =>
      listPayments(deps, user, query.userId),
    ),
  );
  router.get(
    '/api/billing/subscription',
    requireAuth,
    handleSignedIn({ query: subscriptionQuerySchema }, ({ query, user }) =>
      readSubscription(deps, user, query.userId),
    ),
  );
  router.delete(
    '/api/billing/subscription',
    requireAuth,
    handleSignedIn({ query: subscriptionQuerySchema }, ({ query, user }) =>
      cancelRenewal(deps, user, query.userId),
    ),
  );
  // PayPal signs its deliveries; the signature is checked with PayPal before anything is read.
  router.post(
    '/api/billing/webhooks/paypal',
    handle({ body: z.unknown() }, ({ body }, req) => receiveWebhook(deps, req.headers, body)),
  );
  return router;
}
