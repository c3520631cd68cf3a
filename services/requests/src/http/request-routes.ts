import express from 'express';
import { handle, handleSignedIn, requireAuth } from '@podz/kit';
import {
  createRequestBodySchema,
  editRequestBodySchema,
  editRequestQuerySchema,
  idParamsSchema,
  requestListQuerySchema,
  reviewRequestBodySchema,
  singleRequestBodySchema,
  singleRequestQuerySchema,
  userRequestQuerySchema,
} from '@podz/proto';
import { askForAccess, createRequest } from '../domain/ask-access';
import { deleteRequest, editRequest } from '../domain/own-requests';
import { latestRequest, listRequests } from '../domain/read-requests';
import type { RequestsDeps } from '../domain/requests-deps';
import { reviewRequest } from '../domain/review-request';

/** The requests API (spec §7 Requests). Literal paths come before `/:id`. */
export function requestRoutes(deps: RequestsDeps): express.Router {
  const router = express.Router();
  const base = '/api/requests';

  router.get(
    `${base}/single-request`,
    requireAuth,
    handleSignedIn({ query: singleRequestQuerySchema }, ({ query, user }) =>
      latestRequest(deps, user, user.id, query.role),
    ),
  );
  router.post(
    `${base}/single-request`,
    requireAuth,
    handleSignedIn({ body: singleRequestBodySchema }, async ({ body, user }, _req, res) => {
      const created = await askForAccess(deps, user, body);
      res.status(201);
      return created;
    }),
  );
  router.get(
    `${base}/user`,
    requireAuth,
    handleSignedIn({ query: userRequestQuerySchema }, ({ query, user }) =>
      latestRequest(deps, user, query.userId, query.role),
    ),
  );
  router.put(
    `${base}/user`,
    requireAuth,
    handleSignedIn({ query: editRequestQuerySchema, body: editRequestBodySchema }, ({ query, body, user }) =>
      editRequest(deps, user, query.requestId, body),
    ),
  );

  router.get(
    base,
    handle({ query: requestListQuerySchema }, ({ query }) => listRequests(deps, query)),
  );
  router.post(
    base,
    requireAuth,
    handleSignedIn({ body: createRequestBodySchema }, async ({ body, user }, _req, res) => {
      const created = await createRequest(deps, user, body);
      res.status(201);
      return created;
    }),
  );
  router.put(
    `${base}/:id`,
    handleSignedIn({ params: idParamsSchema, body: reviewRequestBodySchema }, ({ params, body, user }) =>
      reviewRequest(deps, user, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    requireAuth,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => deleteRequest(deps, user, params.id)),
  );
  return router;
}
