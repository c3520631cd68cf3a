import express from 'express';
import { handle } from '@podz/kit';
import { createPlanBodySchema, idParamsSchema, updatePlanBodySchema } from '@podz/proto';
import type { ContentDeps } from '../domain/content-deps';
import { activePlans, allPlans } from '../domain/read-plans';
import { createPlan } from '../domain/create-plan';
import { deletePlan } from '../domain/delete-plan';
import { updatePlan } from '../domain/update-plan';

/** Pricing plans: the active ones for everyone (`/pricing`), all of them for editors and admins. */
export function planRoutes(deps: ContentDeps): express.Router {
  const router = express.Router();
  const base = '/api/pricing-plans';

  router.get(
    base,
    handle({}, () => activePlans(deps)),
  );
  router.get(
    `${base}/all`,
    handle({}, () => allPlans(deps)),
  );
  router.post(
    base,
    handle({ body: createPlanBodySchema }, async ({ body }, _req, res) => {
      res.status(201);
      return createPlan(deps, body);
    }),
  );
  router.put(
    `${base}/:id`,
    handle({ params: idParamsSchema, body: updatePlanBodySchema }, ({ params, body }) =>
      updatePlan(deps, params.id, body),
    ),
  );
  router.delete(
    `${base}/:id`,
    handle({ params: idParamsSchema }, ({ params }) => deletePlan(deps, params.id)),
  );
  return router;
}
