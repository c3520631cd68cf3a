import express from 'express';
import { handle } from '@podz/kit';
import {
  advertiseFormBodySchema,
  contactFormBodySchema,
  formListQuerySchema,
  formParamsSchema,
  markFormBodySchema,
} from '@podz/proto';
import type { ContentDeps } from '../domain/content-deps';
import { deleteSubmission } from '../domain/delete-submission';
import { listSubmissions } from '../domain/read-submissions';
import { markSubmission } from '../domain/mark-submission';
import { submitForm } from '../domain/submit-form';

/**
 * The contact and advertise forms (anyone; the gateway limits how often); their list, handling and
 * deletion (admins).
 */
export function formRoutes(deps: ContentDeps): express.Router {
  const router = express.Router();
  const base = '/api/content/forms';

  router.post(
    `${base}/contact`,
    handle({ body: contactFormBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return submitForm(deps, 'contact', body, user);
    }),
  );
  router.post(
    `${base}/advertise`,
    handle({ body: advertiseFormBodySchema }, async ({ body, user }, _req, res) => {
      res.status(201);
      return submitForm(deps, 'advertise', body, user);
    }),
  );
  router.get(
    base,
    handle({ query: formListQuerySchema }, ({ query }) => listSubmissions(deps, query)),
  );
  router.patch(
    `${base}/:id`,
    handle({ params: formParamsSchema, body: markFormBodySchema }, ({ params, body }) =>
      markSubmission(deps, params.id, body.handled),
    ),
  );
  router.delete(
    `${base}/:id`,
    handle({ params: formParamsSchema }, ({ params }) => deleteSubmission(deps, params.id)),
  );
  return router;
}
